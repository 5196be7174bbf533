"""The project's structure (issue 24): no import circles, no private reads.

Walks the imports of the device code (code.py, boards/, lib/, taki_core/)
and of sim/ with `ast`, every import counted, those inside functions too (a
module imported on demand still makes a circle the moment both run). A
circle fails with its members named; so does a module that reads another
module's private name (`text._bufs`, or `from text import _bufs`): what a
module keeps to itself may change without its readers knowing.
"""

import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (folder, the module name prefix its files import under on the board or in sim)
TREES = (("lib", ""), ("boards", "boards"), ("taki_core", "taki_core"), ("sim", "sim"))


def _modules():
    """{module name: path} for every project module."""
    mods = {"code": os.path.join(ROOT, "code.py")}
    for folder, prefix in TREES:
        base = os.path.join(ROOT, folder)
        for dirpath, dirnames, files in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for f in files:
                if not f.endswith(".py"):
                    continue
                rel = os.path.relpath(os.path.join(dirpath, f), base)[:-3].split(os.sep)
                if rel[-1] == "__init__":
                    rel = rel[:-1]
                parts = ([prefix] if prefix else []) + rel
                if parts:
                    mods[".".join(parts)] = os.path.join(dirpath, f)
    return mods


MODULES = _modules()


def _package(name, path):
    return name if path.endswith("__init__.py") else name.rpartition(".")[0]


def _imports(name, path):
    """[(imported module, bound name or None, the names taken from it)]."""
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name in MODULES:
                    out.append((a.name, a.asname or (a.name if "." not in a.name else None), ()))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                pkg = _package(name, path).split(".")
                pkg = pkg[: len(pkg) - node.level + 1]
                base = ".".join(pkg + ([base] if base else []))
            taken = []
            for a in node.names:
                full = base + "." + a.name if base else a.name
                if full in MODULES:  # from pkg import module
                    out.append((full, a.asname or a.name, ()))
                else:
                    taken.append(a.name)
            if taken and base in MODULES:
                out.append((base, None, tuple(taken)))
    return tree, out


def _graph():
    return {m: sorted({t for t, _, _ in _imports(m, p)[1] if t != m}) for m, p in MODULES.items()}


def _circles(graph):
    """Tarjan's strongly connected components with more than one member."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _private(name):
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _private_reads(name, path):
    tree, imports = _imports(name, path)
    bound = {alias: mod for mod, alias, _ in imports if alias}
    found = []
    for mod, _, taken in imports:
        for t in taken:
            if _private(t) and mod != name:
                found.append("%s: from %s import %s" % (name, mod, t))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id in bound and _private(node.attr)
                and bound[node.value.id] != name):
            found.append("%s:%d: %s.%s" % (name, node.lineno, bound[node.value.id], node.attr))
    return found


def test_the_walker_sees_the_project():
    # A walker that found nothing would pass every check below.
    assert "code" in MODULES and "taki_core.game" in MODULES and "taki_ui.app" in MODULES
    g = _graph()
    assert "taki_core.game" in g["taki_ui.app"] or any(
        "taki_core" in t for t in g["taki_ui.app"])
    assert len([m for m in MODULES if m.startswith("sim")]) > 20


def test_the_circle_finder_finds_a_circle():
    g = {"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"], "e": ["e"]}
    assert _circles(g) == [["a", "b", "c"]]


def test_the_private_reader_finds_a_private_read(tmp_path):
    p = tmp_path / "m.py"
    p.write_text("from taki_ui import text\nfrom taki_core.game import _x\n"
                 "def f():\n    return text._bufs, text.public, text.__name__\n")
    found = _private_reads("taki_ui.m", str(p))
    assert found == ["taki_ui.m: from taki_core.game import _x", "taki_ui.m:4: taki_ui.text._bufs"]


@pytest.mark.parametrize("part", ["device", "sim"])
def test_no_import_circles(part):
    g = _graph()
    circles = [c for c in _circles(g)
               if any((m.startswith("sim")) == (part == "sim") for m in c)]
    assert not circles, "modules that import each other: " + "; ".join(
        " <-> ".join(c) for c in circles)


def test_device_code_never_imports_sim():
    g = _graph()
    up = [(m, t) for m, ts in g.items() if not m.startswith("sim") for t in ts if t.startswith("sim")]
    assert not up, up


def test_no_module_reads_another_modules_private_names():
    found = []
    for m, p in sorted(MODULES.items()):
        found += _private_reads(m, p)
    assert not found, "\n".join(found)


def _module_state(path, allowed=()):
    """What module `path` keeps as state of its own: a name assigned at its
    top level that is no constant (UPPER_CASE or _UPPER_CASE, what
    micropython.const names) and not in `allowed`, and every `global`
    statement (a function that rebinds a module name), as "line: name"."""
    with open(path) as f:
        tree = ast.parse(f.read())
    found = []
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else (
            [node.target] if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else [])
        for t in targets:
            for n in ast.walk(t):
                if isinstance(n, ast.Name) and not n.id.lstrip("_").isupper() \
                        and n.id not in allowed:
                    found.append("%d: %s" % (node.lineno, n.id))
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            found += ["%d: global %s" % (node.lineno, n) for n in node.names]
    return found


def test_the_language_in_use_and_its_pictures_are_objects_not_module_globals():
    # issue 26, item 4: text.py's state (the language in use, its line
    # height and direction, the composing buffers, the counters) is one
    # Language, text.lang; the pictures' drawing (what it reads, where its
    # pen is) is a Pictures that Language makes; neither module rebinds a name
    text = MODULES["taki_ui.text"]
    assert _module_state(text, allowed=("lang",)) == []
    assert _module_state(MODULES["taki_ui.pictures"]) == []


def test_the_module_state_finder_finds_state(tmp_path):
    p = tmp_path / "m.py"
    p.write_text("X = 1\n_Y = 2\nn = 0\nLANGS = ()\n\ndef f():\n    global n\n    n += 1\n")
    assert _module_state(str(p)) == ["3: n", "7: global n"]
