#!/usr/bin/env python3
"""test-docs.py -- runs the documentation: every command of README.md and docs/**/*.md.

The invariant: a command shown in a fenced `sh` block runs as written, from the repository's
root, and where the doc shows its output (an `output` block right after the `sh` block), the
program prints that output, times and memory aside. Nothing is skipped by omission: a command
is left out only by a marker a reader sees, `[not run: REASON]` in its comment, or a whole
block by the line `<!-- not run: REASON -->` just before it; a command that is to exit with a
status other than 0 says so in its comment, `[exit status N]` (docs/testing.md).

Each doc runs in a scratch copy of the repository (built programs included), its commands in
order, so that a later command may read what an earlier one wrote; `export` carries from one
command to the next. Two more checks:
  - README.md's results table (the one after `<!-- checked against: FILE -->`) against the
    summary table FILE that the README's own commands wrote: every count must agree (times,
    memory and timing warnings are the machine's);
  - every column of the summary and of the CSV is defined in docs/man/bench.1.md or
    docs/formats.md (in backticks, as `column`).

Usage: scripts/test-docs.py [--only DOC ...] [--columns-from DIR] [--keep]
       scripts/test-docs.py --self-test
Prints one line per failure, DOC:LINE: what differs, and exits 1 if there is any.
"""
import argparse
import csv
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMMAND_SECONDS = 600
NOT_RUN = re.compile(r"\[not run: [^\]]+\]")
EXIT_STATUS = re.compile(r"\[exit status (\d+)\]")
BLOCK_NOT_RUN = re.compile(r"^<!-- not run: .+ -->$")
CHECKED_AGAINST = re.compile(r"^<!-- checked against: (\S+) -->$")
# Times and memory: a number and its unit; both sides are written the same way.
MEASURE = re.compile(r"\b\d+(?:\.\d+)?(?:e[-+]?\d+)? ?(?:ns|µs|us|ms|s|B|KiB|MiB|GiB|kB|MB|GB)\b")


class Command:
    def __init__(self, doc, line, text, expected=None, expected_line=None):
        self.doc, self.line, self.text = doc, line, text
        self.expected, self.expected_line = expected, expected_line


def parse_doc(path, relname):
    """The commands of a doc, in order, each with its expected output where the doc shows one;
    and the results-table marker, as (line, file), or None."""
    lines = open(path, encoding="utf-8").read().split("\n")
    commands, marker = [], None
    i, skip_next_block, last_block_commands = 0, False, None
    while i < len(lines):
        line = lines[i]
        m = CHECKED_AGAINST.match(line.strip())
        if m:
            marker = (i + 1, m.group(1))
        if BLOCK_NOT_RUN.match(line.strip()):
            skip_next_block = True
        fence = re.match(r"^```(\w*)\s*$", line)
        if not fence:
            if line.strip():   # an output block follows its sh block with blank lines only
                last_block_commands = None
            i += 1
            continue
        kind, start = fence.group(1), i + 1
        i += 1
        body = []
        while i < len(lines) and not lines[i].startswith("```"):
            body.append(lines[i])
            i += 1
        i += 1   # the closing fence
        if kind == "output":
            if not last_block_commands:
                raise SystemExit(f"{relname}:{start}: an output block follows no sh block")
            last_block_commands[-1].expected = body
            last_block_commands[-1].expected_line = start + 1
            last_block_commands = None
            continue
        if kind != "sh" or skip_next_block:
            skip_next_block = False
            last_block_commands = None
            continue
        block, text, first = [], "", None
        for k, raw in enumerate(body):
            if first is None:
                if not raw.strip() or raw.lstrip().startswith("#"):
                    continue
                first = start + 1 + k
            text += raw[:-1] + " " if raw.endswith("\\") else raw
            if raw.endswith("\\"):
                continue
            if not NOT_RUN.search(text):
                block.append(Command(relname, first, text))
            text, first = "", None
        commands.extend(block)
        last_block_commands = block
    return commands, marker


def normalise(text):
    lines = [MEASURE.sub("<measure>", l.rstrip()) for l in text]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def matches(expected, got):
    """Line by line; a line '...' stands for any number of lines."""
    if not expected:
        return not got
    if expected[0] == "...":
        return any(matches(expected[1:], got[k:]) for k in range(len(got) + 1))
    return bool(got) and expected[0] == got[0] and matches(expected[1:], got[1:])


def first_difference(expected, got):
    for k in range(max(len(expected), len(got))):
        e = expected[k] if k < len(expected) else "<nothing>"
        g = got[k] if k < len(got) else "<nothing>"
        if e != g and e != "...":
            return k, e, g
    return 0, "", ""


def scratch_copy(into):
    """The repository's files as they are (tracked, and untracked but not ignored) over a clone
    of its history, so that the builds' commit stamp is the same and make rebuilds nothing;
    and its builds."""
    subprocess.run(["git", "clone", "-q", "--shared", "--no-checkout", ROOT, into], check=True)
    subprocess.run(["git", "reset", "-q"], cwd=into, check=True)
    files = subprocess.run(["git", "ls-files", "-z", "-co", "--exclude-standard"], cwd=ROOT,
                           check=True, capture_output=True).stdout.decode().split("\0")
    for f in filter(None, files):
        src = os.path.join(ROOT, f)
        if not os.path.lexists(src):
            continue
        dst = os.path.join(into, f)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(src, dst, follow_symlinks=False)
    for d in ("bin", "build/opt", "build/pic", "build/man"):
        if os.path.isdir(os.path.join(ROOT, d)):
            shutil.copytree(os.path.join(ROOT, d), os.path.join(into, d), symlinks=True)


def run_doc(commands, scratch, failures, log):
    env_file = os.path.join(scratch, ".docs-env")
    home = os.path.join(scratch, ".home")
    os.makedirs(home, exist_ok=True)
    open(env_file, "w").close()
    env = dict(os.environ, HOME=home)
    env.pop("MAKEFLAGS", None)
    env.pop("MAKELEVEL", None)
    for c in commands:
        script = f". {env_file}\n{c.text}\nrc=$?\nexport -p > {env_file}\nexit $rc\n"
        t = time.monotonic()
        try:
            p = subprocess.run(["bash", "-c", script], cwd=scratch, env=env,
                               stdin=subprocess.DEVNULL, capture_output=True,
                               timeout=COMMAND_SECONDS)
        except subprocess.TimeoutExpired:
            failures.append(f"{c.doc}:{c.line}: still running after {COMMAND_SECONDS} s: {c.text}")
            continue
        log.write(f"{c.doc}:{c.line}: {time.monotonic() - t:.1f} s: {c.text}\n")
        log.flush()
        status = EXIT_STATUS.search(c.text)
        wanted = int(status.group(1)) if status else 0
        if p.returncode != wanted:
            err = p.stderr.decode(errors="replace").strip().split("\n")[-1]
            failures.append(f"{c.doc}:{c.line}: exit status {p.returncode}, not {wanted}: "
                            f"{c.text}: {err}")
            continue
        if c.expected is None:
            continue
        got = normalise(p.stdout.decode(errors="replace").split("\n"))
        expected = normalise(c.expected)
        if not matches(expected, got):
            k, e, g = first_difference(expected, got)
            failures.append(f"{c.doc}:{c.expected_line + k}: output differs from the program's: "
                            f"the doc shows {e!r}, {c.text.split('#')[0].strip()} prints {g!r}")


def untracked(scratch):
    out = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=scratch,
                         check=True, capture_output=True, text=True).stdout.split("\n")
    return {e[3:] for e in out if e.startswith("??")}


def check_left_behind(relname, scratch, before, failures):
    """What a doc's commands write goes where .gitignore covers it (results/, build/...)."""
    for path in sorted(untracked(scratch) - before):
        if not path.startswith((".docs-env", ".home/")):
            failures.append(f"{relname}: its commands leave {path} in the repository, and "
                            ".gitignore does not cover it")


def markdown_table(lines, start):
    """The header and rows of the Markdown table at or after lines[start]."""
    k = start
    while k < len(lines) and not lines[k].startswith("|"):
        k += 1
    rows = []
    while k < len(lines) and lines[k].startswith("|"):
        cells = [c.strip() for c in lines[k].strip().strip("|").split("|")]
        if not all(re.fullmatch(r":?-+:?", c) for c in cells):
            rows.append(cells)
        k += 1
    return (rows[0], rows[1:], k) if rows else ([], [], k)


UNCOUNTED = re.compile(r"time|memory|RSS|timing")


def summary_blocks(lines, start):
    """The summary's tables from lines[start], each under its '### FAMILY' heading (one table
    with no heading: a run of one family), as [(family, header, rows)]; they end at the first
    line that is neither blank, a heading nor a table line."""
    blocks, family, k = [], "", start
    while k < len(lines):
        line = lines[k]
        if line.startswith("### "):
            family, k = line[4:].strip(), k + 1
        elif line.startswith("|"):
            head, rows, k = markdown_table(lines, k)
            blocks.append((family, head, rows))
        elif line.strip() == "" or not blocks:
            k += 1
        else:
            break
    return blocks


def check_results_table(doc, relname, marker, summary, failures):
    line, _ = marker
    if not os.path.exists(summary):
        failures.append(f"{relname}:{line}: the results table's summary {summary} was not written "
                        "by the doc's commands")
        return
    mine = summary_blocks(open(doc, encoding="utf-8").read().split("\n"), line)
    theirs = {family: (head, rows) for family, head, rows in
              summary_blocks(open(summary, encoding="utf-8").read().split("\n"), 0)}
    for family, head, rows in mine:
        name = f"results table{' (' + family + ')' if family else ''}"
        if family not in theirs:
            failures.append(f"{relname}: the {name} is not a block of the summary")
            continue
        s_head, s_rows = theirs.pop(family)
        if head != s_head:
            failures.append(f"{relname}:{line + 1}: the {name}'s columns are not the summary's: "
                            f"{head} against {s_head}")
            continue
        by_solver = {r[0]: r for r in s_rows}
        for row in rows:
            got_row = by_solver.pop(row[0], None)
            if got_row is None:
                failures.append(f"{relname}: the {name} has {row[0]}, the summary does not")
                continue
            for col, said, got in zip(head, row, got_row):
                if not UNCOUNTED.search(col) and said != got:
                    failures.append(f"{relname}: {name}, {row[0]}, {col}: the doc says {said}, "
                                    f"the run gives {got}")
        for solver in by_solver:
            failures.append(f"{relname}: the {name} lacks {solver}, which the summary has")
    for family in theirs:
        failures.append(f"{relname}: the results table lacks the summary's {family or 'table'}")


def defined_columns():
    text = "".join(open(os.path.join(ROOT, p), encoding="utf-8").read()
                   for p in ("docs/man/bench.1.md", "docs/formats.md"))
    return set(re.findall(r"`([^`\n]+)`", text)) | set(re.findall(r"\*\*([^*\n]+)\*\*", text))


def check_columns(summary, csv_file, failures, where):
    defined = defined_columns()
    head, _, _ = markdown_table(open(summary, encoding="utf-8").read().split("\n"), 0)
    with open(csv_file, newline="", encoding="utf-8") as f:
        head_csv = next(csv.reader(f))
    for col in head:
        if col not in defined:
            failures.append(f"{where}: the summary's column '{col}' is defined in neither "
                            "docs/man/bench.1.md nor docs/formats.md")
    for col in head_csv:
        if col not in defined:
            failures.append(f"{where}: the CSV column '{col}' is defined in neither "
                            "docs/man/bench.1.md nor docs/formats.md")


def docs_to_run(only):
    if only:
        return [os.path.abspath(p) for p in only]
    found = [os.path.join(ROOT, "README.md")]
    for base, _, files in sorted(os.walk(os.path.join(ROOT, "docs"))):
        found += [os.path.join(base, f) for f in sorted(files) if f.endswith(".md")]
    return found


def run(only, columns_from, keep, verbose):
    failures = []
    ran = [0]   # commands run and checks made
    log = sys.stderr if verbose or sys.stderr.isatty() else open(os.devnull, "w")
    columns_checked = False
    for doc in docs_to_run(only):
        relname = os.path.relpath(doc, ROOT) if doc.startswith(ROOT + "/") else doc
        commands, marker = parse_doc(doc, relname)
        if not commands and not marker:
            continue
        scratch = tempfile.mkdtemp(prefix="ub-docs-")
        os.chmod(scratch, 0o755)   # a sandboxed solver runs as nobody, from this folder
        try:
            scratch_copy(scratch)
            before = untracked(scratch)
            run_doc(commands, scratch, failures, log)
            ran[0] += len(commands) + 1 + (marker is not None)
            check_left_behind(relname, scratch, before, failures)
            if marker:
                summary = os.path.join(scratch, marker[1])
                check_results_table(doc, relname, marker, summary, failures)
                if columns_from is None and os.path.exists(summary):
                    base = os.path.dirname(summary)
                    check_columns(summary, os.path.join(base, "results.csv"), failures,
                                  f"{relname}:{marker[0]}")
                    columns_checked = True
                    ran[0] += 1
        finally:
            if keep:
                print(f"test-docs: {relname} ran in {scratch}", file=sys.stderr)
            else:
                shutil.rmtree(scratch, ignore_errors=True)
    if columns_from:
        check_columns(os.path.join(columns_from, "summary.md"),
                      os.path.join(columns_from, "results.csv"), failures, columns_from)
        ran[0] += 1
    elif not columns_checked and not only:
        failures.append("README.md: no results table marked `<!-- checked against: FILE -->`, "
                        "so no column was checked")
    for f in failures:
        print(f)
    print(f"test-docs: {ran[0] - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


def self_test():
    """The checker fails where it should: a planted wrong output, a planted undefined column,
    a failing command, a results table that disagrees, in one family's block too; and passes a
    doc that is right."""
    data = os.path.join(ROOT, "tests", "data", "docs")
    cases = [("right.md", []),
             ("wrong-output.md", ["wrong-output.md:9: output differs from the program's"]),
             ("failing-command.md", ["failing-command.md:5: exit status 2"]),
             ("wrong-table.md", ["wrong-table.md: results table, bfs, solved: the doc says 302"]),
             ("wrong-family-table.md", ["wrong-family-table.md: results table (klotski), bfs, "
                                        "solved: the doc says 9, the run gives 1"])]
    bad = 0
    for name, wanted in cases:
        p = subprocess.run([sys.executable, __file__, "--only", os.path.join(data, name),
                            "--columns-from", os.path.join(data, "columns-ok")],
                           capture_output=True, text=True)
        out = p.stdout
        ok = (p.returncode == 0) == (not wanted) and all(w in out for w in wanted)
        print(f"{'ok ' if ok else 'FAILED'} {name}: exit {p.returncode}" +
              ("" if ok else f"\n{out}{p.stderr}"))
        bad += not ok
    failures = []
    check_columns(os.path.join(data, "columns-undefined", "summary.md"),
                  os.path.join(data, "columns-undefined", "results.csv"), failures, "planted")
    ok = any("'planted_column'" in f for f in failures) and \
        any("'planted summary column'" in f for f in failures)
    print(f"{'ok ' if ok else 'FAILED'} undefined columns: {len(failures)} found")
    bad += not ok
    print(f"{len(cases) + 1 - bad} passed, {bad} failed")
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", nargs="+", help="run these docs only")
    ap.add_argument("--columns-from", help="check the columns of DIR/summary.md and DIR/results.csv")
    ap.add_argument("--keep", action="store_true", help="keep the scratch copies")
    ap.add_argument("--verbose", action="store_true", help="each command's time on stderr")
    ap.add_argument("--self-test", action="store_true", help="test the checker itself")
    a = ap.parse_args()
    sys.exit(self_test() if a.self_test else run(a.only, a.columns_from, a.keep, a.verbose))


if __name__ == "__main__":
    main()
