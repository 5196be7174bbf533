"""At power-on, when a game was saved: resume it (A) or not (B)."""

from taki_ui import strings, widgets


class ResumeScreen:
    def __init__(self):
        self.group = widgets.screen()
        self.group.append(widgets.label(strings.RESUME_TITLE, 8, 14, 12, widgets.HILITE, scale=2))
        self.what = widgets.label("", 2, 52, 26)
        self.group.append(self.what)
        self.next = widgets.label("", 2, 68, 26)
        self.group.append(self.next)
        self.group.append(widgets.label(strings.RESUME_KEYS, 2, 110, 26, widgets.HILITE))

    def show(self, game, names):
        mode = strings.MODE_TOURNAMENT if game.tournament() else strings.MODE_NORMAL
        widgets.set_text(self.what, strings.RESUME_PLAYERS % (game.players, mode))
        widgets.set_text(self.next, strings.RESUME_NEXT % names[game.current()])
