#!/usr/bin/env bash
# The project's commands. Each installs whatever it needs that is missing, then does its job:
#
#   ./dev.sh serve        build and serve the game at http://127.0.0.1:8080/ (rebuilds on change; no offline cache)
#   ./dev.sh test         every check: fmt, clippy, native tests, browser tests, end-to-end tests
#   ./dev.sh build        the release site in dist/
#   ./dev.sh screenshot   refresh docs/screenshot.png from the release build
#   ./dev.sh report       benchmarks (native and in the browser), the size report and Lighthouse, as tables
#
# Needs only rustup, Node.js and npm on Debian; Chromium comes from Debian's packages (root or sudo).
set -euo pipefail
cd "$(dirname "$0")"

TRUNK_VERSION=0.21.14
# A guard against accidents (a debug build, a dependency that drags in a large library), not a target: a first visit
# to the game page of more than this many KB gzipped fails the run. The page, the engine, every panel and the
# practice's words are one module of about 250 KB; a guard of 150 would mean cutting a panel or splitting the
# module again (docs/performance.md).
SIZE_GUARD_KB=260
cargo_home="${CARGO_HOME:-$HOME/.cargo}"
export PATH="$PWD/node_modules/.bin:$cargo_home/bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
# A panic message in the module names its source file, and the files of the crates from crates.io lie under this
# machine's home directory: name them from the registry instead, so that the module says nothing of the machine
# that built it and weighs the same on every machine. (A Cargo home whose path has a space keeps its paths.)
case "$cargo_home" in
  *[[:space:]]*) ;;
  *) export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--remap-path-prefix=$cargo_home/registry/src/=crates.io/" ;;
esac

step() { printf '\n==> %s\n' "$*"; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# The wasm-bindgen version Cargo.lock pins: the CLI must be exactly this one.
locked_wasm_bindgen() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

install_build_tools() {
  if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    step "rustup target add wasm32-unknown-unknown"
    rustup target add wasm32-unknown-unknown
  fi
  if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
    step "cargo install trunk $TRUNK_VERSION (several minutes, once)"
    cargo install trunk --version "$TRUNK_VERSION" --locked
  fi
  local bindgen
  bindgen="$(locked_wasm_bindgen)"
  if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $bindgen" ]; then
    step "cargo install wasm-bindgen-cli $bindgen (a few minutes, once)"
    # Not --locked: one of its locked dependencies is not on crates.io any more.
    cargo install wasm-bindgen-cli --version "$bindgen" --force
  fi
  # wasm-opt (npm binaryen) and the end-to-end test packages, exactly as package-lock.json says.
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    step "npm ci"
    npm ci --no-audit --no-fund
  fi
}

install_test_tools() {
  install_build_tools
  for component in rustfmt clippy; do
    if ! rustup component list --installed | grep -q "^$component"; then
      step "rustup component add $component"
      rustup component add "$component"
    fi
  done
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    step "apt-get install chromium chromium-driver"
    as_root apt-get update
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium chromium-driver
  fi
}

build() {
  step "trunk build --release"
  # wasm-bindgen never empties its output folder and Trunk ships every JS snippet it finds there: start clean, so
  # that no page loads a snippet the code no longer has.
  rm -rf target/wasm-bindgen/release
  trunk build --release
}

run_tests() {
  step "cargo fmt --check"
  cargo fmt --all --check
  step "cargo clippy (native and wasm32) -D warnings"
  cargo clippy --workspace --all-targets -- -D warnings
  cargo clippy --target wasm32-unknown-unknown --workspace --all-targets -- -D warnings
  step "native tests: the engine, exhaustively"
  cargo test --workspace
  step "DOM layer tests in headless Chromium (wasm-bindgen-test)"
  cargo test --target wasm32-unknown-unknown --test web
  build
  node scripts/size-report.mjs --ceiling "$SIZE_GUARD_KB"
  step "end-to-end tests: the release build under /tictactoe/ in headless Chromium"
  # Two files at a time, each with its own server and Chromium: most of a browser test's time is spent waiting
  # (for a page to load, a worker to answer, a timer), which the other file fills.
  node --test --test-concurrency=2 e2e/
}

case "${1:-}" in
  serve)
    install_build_tools
    step "trunk serve --release: open http://127.0.0.1:8080/"
    # No service worker for a server that rebuilds on change: it would serve the last build it cached
    # (docs/offline.md).
    TICTACTOE_OFFLINE=off trunk serve --release
    ;;
  test)
    install_test_tools
    run_tests
    ;;
  build)
    install_build_tools
    build
    ;;
  screenshot)
    install_test_tools
    build
    node scripts/screenshot.mjs
    ;;
  report)
    install_test_tools
    build
    step "native benchmark: cargo bench --bench engine"
    cargo bench --bench engine
    step "browser benchmark"
    node scripts/bench-browser.mjs
    step "the clock over whole 15x15 games in the browser"
    node scripts/bench-clock.mjs --games 4 --time 1000
    step "size report"
    node scripts/size-report.mjs --ceiling "$SIZE_GUARD_KB"
    step "Lighthouse"
    node scripts/lighthouse.mjs
    ;;
  *)
    echo "usage: ./dev.sh serve | test | build | screenshot | report" >&2
    exit 2
    ;;
esac
