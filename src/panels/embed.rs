//! The code that puts a game, as it stands, into a blog post in one paste: an `<iframe>` that grows with the game
//! and a `<tic-tac-toe>` element, each with the game's settings and position (the Embed box shows them, with
//! Copy). Pure Rust, tested natively.

use crate::engine::Grid;
use crate::settings::Settings;

/// One of the snippets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Snippet {
    /// The game page in an iframe, with the script that sizes the frame to the game.
    Iframe,
    /// The custom element, with the script that defines it.
    Element,
}

impl Snippet {
    /// Both, in the order the Embed box shows them.
    pub const ALL: [Snippet; 2] = [Snippet::Iframe, Snippet::Element];

    /// Its name, as the Embed box's controls carry it (`data-copy`).
    pub const fn name(self) -> &'static str {
        match self {
            Snippet::Iframe => "iframe",
            Snippet::Element => "element",
        }
    }

    /// The snippet named `name`, if any.
    pub fn from_name(name: &str) -> Option<Snippet> {
        Snippet::ALL
            .into_iter()
            .find(|snippet| snippet.name() == name)
    }

    /// What the Embed box calls it.
    pub const fn label(self) -> &'static str {
        match self {
            Snippet::Iframe => "An iframe, which grows with the game",
            Snippet::Element => "A custom element",
        }
    }
}

/// The frame's height before the game reports its own (a 3x3 game in a post, Settings closed, is about 545 px).
const FRAME_HEIGHT: u32 = 600;

/// What makes an iframe of the game as tall as the game: the game page reports its height whenever it changes
/// (a panel opened, Settings closed), and the post's frame takes it. It sizes every frame of the game on the
/// post, so pasted twice it does no harm.
pub const SIZING_SCRIPT: &str = r#"<script>
  // The game reports the height it needs: its frame follows, as panels open and close.
  addEventListener("message", (event) => {
    for (const frame of document.querySelectorAll("iframe")) {
      if (event.source === frame.contentWindow && Number.isFinite(event.data?.tictactoeHeight)) {
        frame.height = event.data.tictactoeHeight;
      }
    }
  });
</script>"#;

/// `text` as an HTML attribute's value inside double quotes: nothing in it can end the attribute or start markup.
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// `snippet` for a game with `settings` at `position`, hosted in the folder `site` (its address, ending in "/"),
/// whose page is called `title`.
pub fn snippet(
    snippet: Snippet,
    site: &str,
    title: &str,
    settings: &Settings,
    position: &Grid,
) -> String {
    let changes = settings.changes(position);
    match snippet {
        Snippet::Iframe => {
            let query: String = changes.iter().map(|change| format!("&{change}")).collect();
            format!(
                "<iframe src=\"{}\" title=\"{}\" allow=\"clipboard-write\" height=\"{FRAME_HEIGHT}\"\n        \
                 style=\"display: block; width: 100%; border: 0\"></iframe>\n{SIZING_SCRIPT}",
                attribute(&format!("{site}?embed=1{query}")),
                attribute(title),
            )
        }
        Snippet::Element => {
            let attributes: String = changes
                .iter()
                .map(|change| format!(" {}=\"{}\"", change.name(), attribute(&change.value())))
                .collect();
            format!(
                "<script type=\"module\" src=\"{}\"></script>\n<tic-tac-toe{attributes}></tic-tac-toe>",
                attribute(&format!("{site}tic-tac-toe.js")),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Shape;
    use crate::settings::{read_pairs, Change, Name};

    const SITE: &str = "https://user.github.io/repo/";

    /// Asserts that a page reading `pairs` (a URL's parameters, an element's attributes) plays `settings` at
    /// `position`, and finds nothing to say.
    fn reads_back(
        pairs: impl Iterator<Item = (String, String)>,
        settings: Settings,
        position: Grid,
    ) {
        let (read, problems) = Settings::read(&read_pairs(&pairs.collect::<Vec<_>>()));
        assert_eq!(problems, Vec::<(Name, String)>::new());
        assert_eq!(
            read,
            Settings {
                start: position,
                ..settings
            }
        );
    }

    /// A game on 15x15 at level hard with scores on, at a position of two stones.
    fn game() -> (Settings, Grid) {
        let mut settings = Settings::default();
        for change in [
            "board=15x15",
            "level=hard",
            "scores=1",
            "theme=dark",
            "controls=level side",
        ] {
            settings.apply(&change.parse::<Change>().unwrap()).unwrap();
        }
        let position = Grid::empty(settings.shape).play(112).play(113);
        (settings, position)
    }

    #[test]
    fn the_iframe_opens_the_game_as_it_stands_and_grows_with_it() {
        let (settings, position) = game();
        let code = snippet(
            Snippet::Iframe,
            SITE,
            "Gomoku against minimax",
            &settings,
            &position,
        );
        let first = code.lines().next().unwrap();
        assert!(first.starts_with(
            "<iframe src=\"https://user.github.io/repo/?embed=1&amp;level=hard&amp;board=15x15&amp;position="
        ));
        assert!(first.ends_with(
            "title=\"Gomoku against minimax\" allow=\"clipboard-write\" height=\"600\""
        ));
        assert!(code.ends_with(SIZING_SCRIPT));
        assert!(code.contains("style=\"display: block; width: 100%; border: 0\""));
        // Its address, read back as the game page reads it, is the same game.
        let src = first.split('"').nth(1).unwrap().replace("&amp;", "&");
        let query = src.split_once('?').unwrap().1;
        let pairs = query.split('&').map(|pair| {
            let (name, value) = pair.split_once('=').unwrap();
            (name.to_owned(), value.to_owned())
        });
        reads_back(pairs, settings, position);
    }

    #[test]
    fn the_element_carries_each_setting_as_an_attribute() {
        let (settings, position) = game();
        let code = snippet(Snippet::Element, SITE, "Gomoku", &settings, &position);
        let (script, element) = code.split_once('\n').unwrap();
        assert_eq!(
            script,
            "<script type=\"module\" src=\"https://user.github.io/repo/tic-tac-toe.js\"></script>"
        );
        assert!(element.starts_with("<tic-tac-toe level=\"hard\" board=\"15x15\" position=\""));
        assert!(
            element
                .ends_with(" scores=\"1\" controls=\"side,level\" theme=\"dark\"></tic-tac-toe>"),
            "{element}"
        );
        let pairs = element
            .trim_start_matches("<tic-tac-toe ")
            .trim_end_matches("></tic-tac-toe>")
            .split("\" ")
            .map(|pair| {
                let (name, value) = pair.split_once("=\"").unwrap();
                (name.to_owned(), value.trim_end_matches('"').to_owned())
            });
        reads_back(pairs, settings, position);
    }

    #[test]
    fn a_new_game_embeds_as_a_bare_element_and_nothing_outside_can_become_markup() {
        let settings = Settings::default();
        let empty = Grid::empty(Shape::CLASSIC);
        assert_eq!(
            snippet(Snippet::Element, SITE, "Tic-tac-toe", &settings, &empty),
            "<script type=\"module\" src=\"https://user.github.io/repo/tic-tac-toe.js\"></script>\n\
             <tic-tac-toe></tic-tac-toe>"
        );
        let odd = snippet(
            Snippet::Iframe,
            "https://x/\"><b>/",
            "<i>",
            &settings,
            &empty,
        );
        assert!(odd.starts_with(
            "<iframe src=\"https://x/&quot;&gt;&lt;b&gt;/?embed=1\" title=\"&lt;i&gt;\""
        ));
    }

    #[test]
    fn the_readme_and_the_embedding_guide_give_the_sizing_script_the_embed_box_gives() {
        for (name, text) in [
            ("README.md", include_str!("../../README.md")),
            ("docs/embedding.md", include_str!("../../docs/embedding.md")),
        ] {
            assert!(text.contains(SIZING_SCRIPT), "{name}");
        }
    }

    #[test]
    fn names_read_back() {
        for snippet in Snippet::ALL {
            assert_eq!(Snippet::from_name(snippet.name()), Some(snippet));
        }
        assert_eq!(Snippet::from_name("video"), None);
    }
}
