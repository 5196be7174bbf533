"""`python -m sim.bench ui`: the UI refresh figures of sim.ui_bench."""

from sim.ui_bench import main, ui_bench  # noqa: F401

if __name__ == "__main__":
    main()
