// The computer's search on a board bigger than 3x3, off the page's main thread, so the page never freezes while
// it thinks. The page keeps a worker between searches and ends it (terminate) only when a search under way is no
// longer wanted. Its first message is the address of the module's JavaScript glue with the module's compiled code
// (so nothing is downloaded or compiled again); each later one is a position and options for thinkNow, with the
// time it was sent, answered with thinkNow's object or { error }.
let engine;

onmessage = async ({ data }) => {
  if (data.glue) {
    engine = import(data.glue).then(async (glue) => {
      await glue.default({ module_or_path: data.module });
      return glue;
    });
    // A glue that fails to load is answered as { error } when a position comes, not reported before as an
    // unhandled rejection.
    engine.catch(() => {});
    return;
  }
  try {
    const glue = await engine;
    // The move's time runs from the request (`sentAt`, by the clock page and worker share): what a new worker
    // took to start and get its module ready is taken from the search's, so the answer still comes in time.
    const waited = Date.now() - (Number.isFinite(data.sentAt) ? data.sentAt : Date.now());
    const options = data.options?.timeMs > 0 && waited > 0 ? { ...data.options, timeMs: Math.max(10, data.options.timeMs - waited) } : data.options;
    postMessage(glue.thinkNow(data.position, options));
  } catch (error) {
    postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
