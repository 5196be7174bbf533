"""Put the project's constants into the code that uses them (desktop only; the
.mpy bundle, sim.build.bundle, does it before compiling).

MicroPython's compiler replaces a name made with `const()` by its value only
inside the module that defines it. Every other module that imports such a
name looks it up at run time and keeps it in its own globals: a dictionary
entry and the name's string each, in the board's heap (taki_ui.app alone
imported some forty: states, moves, phases, texts). This does across modules
what `const()` does within one: `from taki_ui.states import S_TURN` and
`strings.N_WIN` become the numbers, and an import left with nothing to bring
is dropped. Line numbers stay, so the board's tracebacks point at the source.
The desktop runs the source as it is: the values are the same.
"""

import ast
import functools
import io
import os
import tokenize


def _value(node, known):
    """The int a const() argument stands for, or None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    if isinstance(node, ast.Name):
        return known.get(node.id)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        v = _value(node.operand, known)
        return None if v is None else -v
    if isinstance(node, ast.BinOp):
        a, b = _value(node.left, known), _value(node.right, known)
        if a is None or b is None:
            return None
        ops = {ast.Add: a + b, ast.Sub: a - b, ast.Mult: a * b,
               ast.LShift: a << b if b >= 0 else None, ast.BitOr: a | b}
        return ops.get(type(node.op)) if type(node.op) in ops else (
            a // b if isinstance(node.op, ast.FloorDiv) and b else None)
    return None


def module_name(dst):
    """'lib/taki_ui/app.py' -> 'taki_ui.app'; 'taki_core/game.py' -> 'taki_core.game'."""
    mod = dst[:-3].replace(os.sep, ".").replace("/", ".")
    if mod.startswith("lib."):
        mod = mod[4:]
    if mod.endswith(".__init__"):
        mod = mod[:-9]
    return mod


def constants(sources):
    """{module: {NAME: int}} of every public const() a module defines or
    imports from another module of `sources` ({module: source})."""
    trees = {m: ast.parse(s) for m, s in sources.items()}
    consts = {m: {} for m in sources}
    own = {m: {} for m in sources}  # with the private ones: a public const may be made of them
    changed = True
    while changed:  # until the names imported from imports are known too
        changed = False
        for mod, tree in trees.items():
            known = consts[mod]
            for node in tree.body:
                if (isinstance(node, ast.Assign) and len(node.targets) == 1
                        and isinstance(node.targets[0], ast.Name)
                        and isinstance(node.value, ast.Call)
                        and isinstance(node.value.func, ast.Name)
                        and node.value.func.id == "const" and len(node.value.args) == 1):
                    name = node.targets[0].id
                    v = _value(node.value.args[0], {**known, **own[mod]})
                    if v is not None and name.startswith("_"):
                        own[mod][name] = v
                    elif v is not None and known.get(name) != v:
                        known[name] = v
                        changed = True
                elif isinstance(node, ast.ImportFrom) and node.module in consts and not node.level:
                    for a in node.names:
                        v = consts[node.module].get(a.name)
                        local = a.asname or a.name
                        if v is not None and known.get(local) != v:
                            known[local] = v
                            changed = True
    return consts


def inline(source, module, consts):
    """source (of `module`) with the constants it takes from other modules
    put in as numbers."""
    tree = ast.parse(source)
    own = set()  # names this module itself makes with const(): MicroPython's job
    imported = {}  # local name -> value, from `from X import NAME`
    modules = {}  # local name -> project module, from `import X` / `from pkg import mod`
    imports = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            own.add(node.targets[0].id)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            imports.append(node)
            for a in node.names:
                local = a.asname or a.name
                sub = "%s.%s" % (node.module, a.name)
                if sub in consts:
                    modules[local] = sub
                elif a.name in consts.get(node.module, {}):
                    imported[local] = consts[node.module][a.name]
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name in consts and a.asname:
                    modules[a.asname] = a.name
    imported = {k: v for k, v in imported.items() if k not in own}
    if not imported and not modules:
        return source
    lines = source.split("\n")
    toks = [t for t in tokenize.generate_tokens(io.StringIO(source).readline)
            if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT,
                              tokenize.INDENT, tokenize.DEDENT)]
    in_import = set()
    for node in imports:
        in_import.update(range(node.lineno, node.end_lineno + 1))
    edits = []  # (line, col, end col, text), applied from the end
    for i, t in enumerate(toks):
        if t.type != tokenize.NAME or t.start[0] in in_import:
            continue
        prev = toks[i - 1].string if i else ""
        if t.string in modules and i + 2 < len(toks) and toks[i + 1].string == ".":
            attr = toks[i + 2]
            v = consts[modules[t.string]].get(attr.string)
            if v is not None and attr.start[0] == t.start[0]:
                edits.append((t.start[0], t.start[1], attr.end[1], str(v)))
        elif (t.string in imported and prev not in (".", "def", "class", "as")
              and (i + 1 >= len(toks) or toks[i + 1].string != "=")):
            edits.append((t.start[0], t.start[1], t.end[1], str(imported[t.string])))
    for line, start, end, text in sorted(edits, reverse=True):
        s = lines[line - 1]
        lines[line - 1] = s[:start] + text + s[end:]
    out = "\n".join(lines)
    # an import whose names are no longer used goes (keeping the line count)
    used = {n.id for n in ast.walk(ast.parse(out)) if isinstance(n, ast.Name)}
    lines = out.split("\n")
    for node in sorted(imports, key=lambda n: -n.lineno):
        keep = [a for a in node.names if (a.asname or a.name) in used]
        if len(keep) == len(node.names):
            continue
        first = lines[node.lineno - 1]
        indent = first[:len(first) - len(first.lstrip())]
        text = ""
        if keep:
            text = indent + "from %s import %s" % (node.module, ", ".join(
                a.name + (" as " + a.asname if a.asname else "") for a in keep))
        span = node.end_lineno - node.lineno + 1
        lines[node.lineno - 1:node.end_lineno] = [text] + [""] * (span - 1)
    return "\n".join(lines)


@functools.lru_cache(maxsize=None)
def _names(src):
    """Every name token of a source (each module is every other's `others`:
    tokenized once, not once per module)."""
    return frozenset(t.string for t in tokenize.generate_tokens(io.StringIO(src).readline)
                     if t.type == tokenize.NAME)


def privatize(source, others):
    """source with the public const() names it defines made private (NAME ->
    _NAME) where no other module of the bundle names them any more (others:
    their sources, already inlined): MicroPython keeps a private const out of
    the module's globals, about 25 bytes of the board's heap each. A name
    bound anywhere else in the module, or written inside an f-string, stays."""
    tree = ast.parse(source)
    own = []
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)
                and node.value.func.id == "const" and not node.targets[0].id.startswith("_")):
            own.append(node.targets[0].id)
    if not own:
        return source
    stores = {}
    names = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Name):
            names.add(n.id)
            if not isinstance(n.ctx, ast.Load):
                stores[n.id] = stores.get(n.id, 0) + 1
        elif isinstance(n, (ast.arg, ast.keyword)) and n.arg:
            stores[n.arg] = stores.get(n.arg, 0) + 2
        elif isinstance(n, (ast.FunctionDef, ast.ClassDef)):
            stores[n.name] = stores.get(n.name, 0) + 2
    elsewhere = set()
    for src in others:
        elsewhere |= _names(src)
    toks = list(tokenize.generate_tokens(io.StringIO(source).readline))
    fstrings = " ".join(t.string for t in toks if t.type == tokenize.STRING
                        and t.string[:2].lower() in ('f"', "f'", 'rf', 'fr'))
    ren = {n for n in own if n not in elsewhere and stores.get(n) == 1
           and "_" + n not in names and n not in fstrings}
    if not ren:
        return source
    lines = source.split("\n")
    edits = []
    prev = ""
    for t in toks:
        if t.type == tokenize.NAME and t.string in ren and prev != ".":
            edits.append((t.start[0], t.start[1], t.end[1]))
        if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT,
                          tokenize.INDENT, tokenize.DEDENT):
            prev = t.string
    for line, start, end in sorted(edits, reverse=True):
        s = lines[line - 1]
        lines[line - 1] = s[:start] + "_" + s[start:end] + s[end:]
    return "\n".join(lines)
