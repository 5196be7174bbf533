"""The build: what makes the files that ship, and the docs made from sources.

    bundle.py     the CIRCUITPY folder (`python -m sim.build.bundle OUT` or `--to DRIVE`)
    inline.py     other modules' constants put into the code before compiling
    mpy.py        CircuitPython 10's mpy-cross: .py -> .mpy
    texts.py      the text tables (lang/<code>.txt) and the file of a language drawn
                  in characters
    lang.py       the shaped languages' pictures, and the writer of every language's
                  file and strings.py (`python -m sim.build.lang [--check]`)
    shape.py      HarfBuzz and FreeType on the fonts of fonts/ (`python -m sim.build.shape`)
    cardsheet.py  lib/taki_ui/cards.bmp (`python -m sim.build.cardsheet [--check]`)
    glossary.py   docs/GLOSSARY.md from docs/glossary/*.tsv (`python -m sim.build.glossary`)

May import: each other (never in a circle: lang imports texts and shape, bundle
imports inline and mpy), sim.ROOT, and the device code (lib/taki_ui, taki_core,
boards) as data. Nothing else in sim/: the simulator, the VMs and the tests build
with this package, never the other way round.
"""
