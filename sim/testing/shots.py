"""The README's screenshots, made by the simulator from the real app.

    python -m sim.testing.shots [DIR]        (default docs/shots; PNGs at 2x, 320x256)

Each picture is the 160x128 frame exactly as the simulated TFT shows it,
scaled 2x without smoothing. Exact tables come from Game.arrange, so the
pictures stay the same from run to run. walk(lang) visits the same screens
in any language (tests look for English left on them); the README shows
the pass and table screens of every other language (DIR/<code>/).
"""

import os
import sys

from sim.testing import harness


def _save(sim, d, name):
    import pygame

    sim.display.redraw()
    img = pygame.transform.scale(sim.display.surface(), (320, 256))
    path = os.path.join(d, name + ".png")
    pygame.image.save(img, path)
    print(path)


# the widest names the rename screen makes, told apart by their last letter
# (walk(long=True): the contact sheets, sim.testing.sheets)
LONGEST = ["WWWWWWWWW" + chr(65 + s) for s in range(10)]
_long = [False]


def _started(players, humans, seed=11, lang="en"):
    sim = harness.Sim(render=False, lang=lang)
    st = sim.app.settings
    st.players = players
    for s in range(players):
        st.kinds[s] = 0 if s in humans else 2
        if _long[0]:
            st.names[s] = LONGEST[s]
    sim.app.next_seed = seed
    return sim


FOREIGN = ("03-pass", "04-turn")  # the pictures the README shows of other languages


def make(d, langs=None):
    harness.install()
    from taki_ui import text

    for lang in langs or text.LANGS:
        out = d if lang == "en" else os.path.join(d, lang)
        os.makedirs(out, exist_ok=True)
        for name, sim in walk(lang):
            if lang == "en" or name in FOREIGN:
                _save(sim, out, name)
            if lang != "en" and name == FOREIGN[-1]:
                break  # the rest are not shown


def text_langs():
    from taki_ui import text

    return text.LANGS


def walk(lang="en", long=False):
    """(name, sim) at each screen the README shows, in language `lang`
    (long: every seat named with the widest names, LONGEST)."""
    _long[0] = long
    try:
        for shot in _walk(lang):
            yield shot
    finally:
        _long[0] = False


def _walk(lang):
    # the very first start asks for the language, each in its own words
    sim = harness.Sim(render=False, lang=None)
    for _ in range(list(text_langs()).index(lang)):
        sim.press("DOWN")
    yield "00-language", sim
    # setup, with a renamed seat and a computer
    sim = _started(4, (0, 1, 3), lang=lang)
    sim.app.names[0] = LONGEST[0] if _long[0] else "Noa"
    sim.app.screen.show()
    yield "01-setup", sim
    sim.press("DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "A", "UP", "UP")
    yield "02-rename", sim
    sim.press("B", "DOWN", "DOWN", "DOWN", "DOWN", "A")  # cancel; down to "Start the game"
    yield "03-pass", sim
    sim.press("A")
    yield "04-turn", sim
    # a public computer turn, with a notice
    table = [["R5", "G7", "COLOR", "BTAKI", "B3", "B8", "Y+2", "KING", "R1", "G9"],
             ["Y3", "Y4", "Y5"], ["G1", "G3", "G4", "G5"], ["B1", "B4"]]
    harness.arrange(sim, 4, table, ["B5"], humans=(0, 1, 3), current=2, settle=False)
    for _ in range(200):  # the computer waits, then plays
        sim.step()
        if sim.app.notice_on:
            break
    yield "05-computer-turn", sim
    harness.arrange(sim, 4, table, ["B5"], humans=(0, 1, 3), current=0)
    sim.press("A")
    harness.cursor_to(sim, "COLOR")
    sim.press("A")
    yield "06-colour", sim
    sim.press("B")
    harness.cursor_to(sim, "BTAKI")
    sim.press("A")
    harness.cursor_to(sim, "B3")
    sim.press("A")
    yield "07-taki-run", sim
    # the +3 prompt, and a break
    sim = _started(3, (0, 1, 2), lang=lang)
    sim.press("UP", "A")
    harness.arrange(sim, 3, [["+3", "R5", "G7"], ["Y3", "Y4", "Y5"], ["+3BREAK", "B1", "B3"]],
                    ["R3"], humans=(0, 1, 2))
    sim.press("A")
    harness.cursor_to(sim, "+3")
    sim.press("A")
    yield "08-plus3-prompt", sim
    sim.press("DOWN", "RIGHT", "A", "A")
    yield "09-break", sim
    sim.press("START")
    yield "10-pause", sim
    sim.press("UP", "A")
    yield "12-leave", sim  # "Back to setup" asks first
    # card help, from the pause menu: the card under the cursor
    sim = _started(2, (0, 1), lang=lang)
    sim.press("UP", "A")
    harness.arrange(sim, 2, [["R5", "KING", "G7", "+3BREAK"], ["Y3", "Y4"]], ["R3"],
                    humans=(0, 1))
    sim.press("A")
    harness.cursor_to(sim, "+3BREAK")
    sim.press("START", "DOWN", "DOWN", "A")
    yield "13-card-help", sim
    # a refusal says why; a draw shows the card drawn
    sim.press("B", "B")
    harness.cursor_to(sim, "G7")
    _glance(sim, "A")
    yield "14-refusal", sim
    harness.arrange(sim, 2, [["G5", "B6"], ["Y3", "Y4"]], ["R3"], humans=(0, 1))
    sim.press("A")
    _glance(sim, "B")
    yield "15-drew", sim
    # ten players in a tournament: the table's legend, names told apart
    sim = _started(10, tuple(range(10)), lang=lang)
    sim.app.settings.tournament = True
    names = ["Mom", "Dad", "Gran", "Mommy", "Dave", "Alexandra", "Alexander", "Al", "Bo", "Cy"]
    for s, name in enumerate(LONGEST if _long[0] else names):
        sim.app.names[s] = name
    sim.press("UP", "A", "A")
    yield "16-ten-players", sim
    # game over: a whole tournament played by the robot
    import random

    sim = _started(3, (0, 1), seed=5, lang=lang)
    sim.app.settings.tournament = True
    sim.press("UP", "A")
    harness.play(sim, random.Random(2), limit=20000)
    yield "11-tournament-over", sim
    # back to setup, and its START: each name's record (this tournament's)
    sim.press("B", "START")
    yield "17-records", sim


def _glance(sim, key):
    """Press a key and stop while its notice is on screen."""
    sim.hw_state.press(key)
    for _ in range(3):
        sim.step()


if __name__ == "__main__":
    make(sys.argv[1] if len(sys.argv) > 1 else os.path.join(harness.ROOT, "docs", "shots"))
