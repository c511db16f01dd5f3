#!/usr/bin/env python3
"""A Gomocup (piskvork) brain around a Gomoku AI from PyPI, so that the match manager
(`cargo run --release --example match`) can measure pbrain-minimax against engines nobody here wrote.

It only calls the package: install the package outside the repository and put it on PYTHONPATH, e.g.

    pip install --target /tmp/gomoku-ai/gomokubench gomokubench==0.1.10
    env PYTHONPATH=/tmp/gomoku-ai/gomokubench python3 scripts/gomocup_adapter.py gomokubench hard

Engines (see docs/gomocup.md for what each is):
    gomokubench [easy|standard|hard]          gomokubench 0.1.10, libs.ai.get_best_move (MIT)
    gomoku-terminal [easy|medium|hard]        gomoku-terminal 1.0.2, gomoku.ai.GomokuAI (MIT)
    gomoku-tss                                gomoku 0.1.0, gomoku.player.ThreatSpace (15x15 only)

Square boards only; every engine plays free-style (five or more wins). What the package prints goes to
standard error, so that standard output carries the protocol only.
"""

import contextlib
import random
import sys

random.seed(0)


def gomokubench(level):
    """libs.ai.get_best_move as gomokubench's own GameSession calls it, at `level`."""
    import numpy as np
    from libs import piece
    from libs.ai import get_best_move, resolve_ai_settings
    from libs.board import BoardState

    np.random.seed(0)
    settings = resolve_ai_settings(level=level)

    def move(size, own, theirs, last):
        mine = piece.BLACK if len(own) == len(theirs) else piece.WHITE
        values = np.full((size, size), piece.EMPTY)
        for x, y in own:
            values[y, x] = mine
        for x, y in theirs:
            values[y, x] = -mine
        # The state's colour is the side that moved last.
        state = BoardState(size=size, values=values, color=-mine)
        state.last_move = (last[1], last[0]) if last else None
        found = get_best_move(
            state,
            settings["depth"],
            mine == piece.BLACK,
            candidate_count=settings["candidate_count"],
            random_top_n=settings["random_top_n"],
        )
        row, col = (int(value) for value in found[0])
        return col, row

    return move


def gomoku_terminal(level):
    """gomoku.ai.GomokuAI(level).get_move, on the package's Board resized to the match's board."""
    from gomoku.ai import GomokuAI
    from gomoku.board import Board

    ai = GomokuAI(level)

    def move(size, own, theirs, last):
        mine = Board.BLACK if len(own) == len(theirs) else Board.WHITE
        board = Board()
        board.SIZE = size
        board.board = [[Board.EMPTY] * size for _ in range(size)]
        others = [stone for stone in theirs if stone != last]
        for (x, y), side in [(s, mine) for s in own] + [(s, 3 - mine) for s in others]:
            board.place_stone(y, x, side)
        if last:
            board.place_stone(last[1], last[0], 3 - mine)
        row, col = ai.get_move(board, mine)
        return col, row

    return move


def gomoku_tss(_level):
    """gomoku.player.ThreatSpace().make_move: threat-space search, on its fixed 15x15 bitboard."""
    import gomoku.player.threat_space as threat_space
    from gomoku.board import Board

    threat_space.VERBOSE = 0
    player = threat_space.ThreatSpace()

    def move(size, own, theirs, last):
        if size != 15:
            raise ValueError("gomoku-tss plays 15x15 only")
        first, second = (own, theirs) if len(own) == len(theirs) else (theirs, own)
        board = Board()
        board.moves(p1=[(y, x) for x, y in first], p2=[(y, x) for x, y in second])
        board.turns = len(first) + len(second)
        # Its saved winning line belongs to the game it was found in; a BOARD may be another game.
        found = player.make_move(board)
        row, col = found if isinstance(found, tuple) else divmod(int(found), 15)
        return col, row

    return move


ENGINES = {"gomokubench": gomokubench, "gomoku-terminal": gomoku_terminal, "gomoku-tss": gomoku_tss}


class Brain:
    """The protocol's state: the board, and a BOARD being read."""

    def __init__(self, name, engine):
        self.name = name
        self.engine = engine
        self.size = None
        self.stones = {}
        self.reading = None

    def reply(self, last=None):
        own = [cell for cell, field in self.stones.items() if field == 1]
        theirs = [cell for cell, field in self.stones.items() if field == 2]
        with contextlib.redirect_stdout(sys.stderr):
            x, y = self.engine(self.size, own, theirs, last)
        # An illegal move is passed on as it is: the manager judges it.
        if 0 <= x < self.size and 0 <= y < self.size and (x, y) not in self.stones:
            self.stones[(x, y)] = 1
        return [f"{x},{y}"]

    def handle(self, line):
        line = line.strip()
        if self.reading is not None:
            if line.upper() == "DONE":
                self.stones, self.reading = self.reading, None
                return self.reply()
            x, y, field = (int(part) for part in line.split(","))
            self.reading[(x, y)] = field
            return []
        word, _, rest = line.partition(" ")
        word = word.upper()
        if word == "START":
            self.size, self.stones = int(rest), {}
            return ["OK"]
        if word == "RECTSTART":
            return ["ERROR square boards only"]
        if word == "RESTART":
            self.stones = {}
            return ["OK"]
        if word == "INFO" or not line:
            return []
        if word == "ABOUT":
            return [f'name="{self.name}", version="adapter", author="see docs/gomocup.md"']
        if word == "BEGIN":
            return self.reply()
        if word == "TURN":
            x, y = (int(part) for part in rest.split(","))
            self.stones[(x, y)] = 2
            return self.reply(last=(x, y))
        if word == "BOARD":
            self.reading = {}
            return []
        if word == "TAKEBACK":
            x, y = (int(part) for part in rest.split(","))
            self.stones.pop((x, y), None)
            return ["OK"]
        return [f"UNKNOWN {word}"]


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ENGINES:
        sys.exit(__doc__)
    level = sys.argv[2] if len(sys.argv) > 2 else "hard"
    brain = Brain(sys.argv[1], ENGINES[sys.argv[1]](level))
    for line in sys.stdin:
        if line.strip().upper() == "END":
            break
        try:
            answer = brain.handle(line)
        except Exception as error:  # noqa: BLE001 - a brain answers ERROR rather than dying
            answer = [f"ERROR {type(error).__name__}: {error}".replace("\n", " ")]
        for out in answer:
            print(out, flush=True)


if __name__ == "__main__":
    main()
