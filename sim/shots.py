"""The README's screenshots, made by the simulator from the real app.

    python -m sim.shots [DIR]        (default docs/shots; PNGs at 2x, 320x256)

Each picture is the 160x128 frame exactly as the simulated TFT shows it,
scaled 2x without smoothing. Exact tables come from Game.arrange, so the
pictures stay the same from run to run.
"""

import os
import sys

from sim import harness


def _save(sim, d, name):
    import pygame

    sim.display.redraw()
    img = pygame.transform.scale(sim.display.surface(), (320, 256))
    path = os.path.join(d, name + ".png")
    pygame.image.save(img, path)
    print(path)


def _started(players, humans, seed=11):
    sim = harness.Sim(render=False)
    st = sim.app.settings
    st.players = players
    for s in range(players):
        st.kinds[s] = 0 if s in humans else 2
    sim.app.next_seed = seed
    return sim


def make(d):
    os.makedirs(d, exist_ok=True)
    # setup, with a renamed seat and a computer
    sim = _started(4, (0, 1, 3))
    sim.app.names[0] = "Noa"
    sim.app.screen.show()
    _save(sim, d, "01-setup")
    sim.press("DOWN", "DOWN", "DOWN", "DOWN", "DOWN", "A", "UP", "UP")
    _save(sim, d, "02-rename")
    sim.press("B", "DOWN", "DOWN", "DOWN", "A")  # cancel; down to "Start the game"
    _save(sim, d, "03-pass")
    sim.press("A")
    _save(sim, d, "04-turn")
    # a public computer turn, with a notice
    table = [["R5", "G7", "COLOR", "BTAKI", "B3", "B8", "Y+2", "KING", "R1", "G9"],
             ["Y3", "Y4", "Y5"], ["G1", "G3", "G4", "G5"], ["B1", "B4"]]
    harness.arrange(sim, 4, table, ["B5"], humans=(0, 1, 3), current=2, settle=False)
    for _ in range(200):  # the computer waits, then plays
        sim.step()
        if sim.app.notice_on:
            break
    _save(sim, d, "05-computer-turn")
    harness.arrange(sim, 4, table, ["B5"], humans=(0, 1, 3), current=0)
    sim.press("A")
    harness.cursor_to(sim, "COLOR")
    sim.press("A")
    _save(sim, d, "06-colour")
    sim.press("B")
    harness.cursor_to(sim, "BTAKI")
    sim.press("A")
    harness.cursor_to(sim, "B3")
    sim.press("A")
    _save(sim, d, "07-taki-run")
    # the +3 prompt, and a break
    sim = _started(3, (0, 1, 2))
    sim.press("UP", "A")
    harness.arrange(sim, 3, [["+3", "R5", "G7"], ["Y3", "Y4", "Y5"], ["+3BREAK", "B1", "B3"]],
                    ["R3"], humans=(0, 1, 2))
    sim.press("A")
    harness.cursor_to(sim, "+3")
    sim.press("A")
    _save(sim, d, "08-plus3-prompt")
    sim.press("DOWN", "RIGHT", "A", "A")
    _save(sim, d, "09-break")
    sim.press("START")
    _save(sim, d, "10-pause")
    sim.press("UP", "A")
    _save(sim, d, "12-leave")  # "Back to setup" asks first
    # card help, from the pause menu: the card under the cursor
    sim = _started(2, (0, 1))
    sim.press("UP", "A")
    harness.arrange(sim, 2, [["R5", "KING", "G7", "+3BREAK"], ["Y3", "Y4"]], ["R3"],
                    humans=(0, 1))
    sim.press("A")
    harness.cursor_to(sim, "+3BREAK")
    sim.press("START", "DOWN", "DOWN", "A")
    _save(sim, d, "13-card-help")
    # a refusal says why; a draw shows the card drawn
    sim.press("B", "B")
    harness.cursor_to(sim, "G7")
    _glance(sim, "A")
    _save(sim, d, "14-refusal")
    harness.arrange(sim, 2, [["G5", "B6"], ["Y3", "Y4"]], ["R3"], humans=(0, 1))
    sim.press("A")
    _glance(sim, "B")
    _save(sim, d, "15-drew")
    # ten players in a tournament: the table's legend, names told apart
    sim = _started(10, tuple(range(10)))
    sim.app.settings.tournament = True
    names = ["Mom", "Dad", "Gran", "Mommy", "Dave", "Alexandra", "Alexander", "Al", "Bo", "Cy"]
    for s, name in enumerate(names):
        sim.app.names[s] = name
    sim.press("UP", "A", "A")
    _save(sim, d, "16-ten-players")
    # game over: a whole tournament played by the robot
    import random

    sim = _started(3, (0, 1), seed=5)
    sim.app.settings.tournament = True
    sim.press("UP", "A")
    harness.play(sim, random.Random(2), limit=20000)
    _save(sim, d, "11-tournament-over")


def _glance(sim, key):
    """Press a key and stop while its notice is on screen."""
    sim.hw_state.press(key)
    for _ in range(3):
        sim.step()


if __name__ == "__main__":
    make(sys.argv[1] if len(sys.argv) > 1 else os.path.join(harness.ROOT, "docs", "shots"))
