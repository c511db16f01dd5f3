// Before the first paint (a classic script in <head>, run before the page is drawn): the page takes the layout and
// the colours its URL asks for, so that nothing moves or flashes when the game arrives. The game reads the same
// parameters again as it starts, decides, and says what it does not understand.
{
  const params = new URLSearchParams(location.search);
  const root = document.documentElement;
  // ?embed=1 (or true, yes, on, any case): only the game, for an iframe.
  if (/^(1|true|yes|on)$/i.test((params.getAll("embed").at(-1) ?? "").trim())) root.classList.add("embedded");
  const theme = (params.getAll("theme").at(-1) ?? "").trim().toLowerCase();
  if (theme === "light" || theme === "dark") root.dataset.theme = theme;
}
