"""Pass the device: nobody's hand is on screen until its owner presses A."""

from taki_ui import strings, widgets


class PassScreen:
    def __init__(self):
        self.group = widgets.screen()
        self.group.append(widgets.label(strings.PASS_TO, 2, 14, 26))
        self.name = widgets.label("", 4, 36, 12, widgets.HILITE, scale=2)
        self.group.append(self.name)
        self.why = widgets.label("", 2, 66, 26)
        self.group.append(self.why)
        self.group.append(widgets.label(strings.PASS_HIDE, 2, 84, 26, widgets.DIM))
        self.ready = widgets.label("", 2, 110, 26, widgets.HILITE)
        self.group.append(self.ready)

    def show(self, name, why=""):
        widgets.set_text(self.name, name)
        widgets.set_text(self.why, why)
        widgets.set_text(self.ready, strings.PASS_READY % name)
