"""At power-on, once (taki_ui.app): what the last save brought back decides
the first screen (the game to resume, the first start's language question,
or setup) and the warning setup shows first. Forgotten after: its code is
heap (stage.drop)."""

from taki_ui import rest, strings
from taki_ui.payload import L_BAD, L_GAME, L_NONE
from taki_ui.records import K_DROPPED
from taki_ui.states import S_LANG, S_RESUME


def first_screen(app, loaded):
    """loaded: what Saves.load() found (taki_ui.payload's L_*)."""
    if loaded == L_BAD:
        app.warning = strings.SAVE_BAD
        app.saves.changed(settings=True)  # cleared at once: never offered again
        rest.save_now(app)
    elif app.stage.missing:
        app.warning = strings.CARDS_MISSING
    elif app.saves.rec_loaded == K_DROPPED:
        app.warning = strings.RECORDS_BAD
        app.saves.changed(settings=True)  # the rows left go with the next save
    if loaded != L_NONE and loaded != L_BAD:
        chosen = app.settings.lang
        if not app.settings.speak(chosen):
            # its file is missing or damaged, or the code unknown: English
            # for now, and the choice kept (a recopied file brings it back)
            app.warning = strings.LANG_BAD
            app.settings.lang = chosen
    if loaded == L_GAME:
        app.enter(S_RESUME, "resume_screen", "ResumeScreen", app.game, app.names)
    elif loaded == L_NONE or loaded == L_BAD:
        app.enter(S_LANG, "lang_screen", "LangScreen", app.settings.lang)
    else:
        app.to_setup()
