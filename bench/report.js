// report.js -- the behaviour of bench's report page (bench/html.c writes the page and its data).
// The data are the JSON object in <script id="data">: meta, summary, solvers (labels in row
// order) and puzzles (index, name, id, optimum, cluster, board, svg, runs by label). Opened with
// #selftest, the page checks its own sorting, filtering and drill-down and writes PASS or FAIL
// into <pre id="selftest">.
"use strict";
const D = JSON.parse(document.getElementById("data").textContent);

function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    for (const c of children) e.append(c);
    return e;
}

function ms(seconds) {
    return seconds < 1e-3 ? (seconds * 1e3).toPrecision(3) : (seconds * 1e3).toFixed(2);
}

// ---- the run and its summary --------------------------------------------------------------

function fillMeta() {
    const m = D.meta || {}, t = el("table");
    for (const k of ["date", "host", "cpu", "cores", "commit", "version", "flags", "solvers",
                     "budget", "repeat", "warmup", "puzzles", "run", "command"]) {
        if (!(k in m)) continue;
        const v = typeof m[k] === "object" ? JSON.stringify(m[k]) : String(m[k]);
        t.append(el("tr", {}, el("th", {class: "text"}, k), el("td", {class: "text"}, v)));
    }
    document.getElementById("meta").append(t);
}

function fillSummary() {
    const rows = D.summary || [];
    if (!rows.length) return;
    const keys = Object.keys(rows[0]), t = el("table");
    t.append(el("tr", {}, ...keys.map(k => el("th", {}, k))));
    for (const r of rows)
        t.append(el("tr", {}, ...keys.map(k => el("td", {class: k === "solver" ? "text" : ""},
                                                  r[k] === null ? "-" : String(r[k])))));
    document.getElementById("summary").append(t);
}

// ---- the table of puzzles -----------------------------------------------------------------

const columns = [
    {name: "#", key: p => p.index},
    {name: "puzzle", key: p => p.name, text: true},
    {name: "optimum", key: p => p.optimum === null ? -1 : p.optimum},
    {name: "cluster", key: p => p.cluster === null ? -1 : p.cluster},
].concat(D.solvers.map(s => ({
    name: s, solver: s,
    key: p => { const r = p.runs[s]; return r && r.status === "solved" ? r.seconds : Infinity; },
})));

function cell(p, c) {
    if (!c.solver) {
        const v = c.key(p);
        return el("td", {class: c.text ? "text" : ""}, v === -1 ? "-" : String(v));
    }
    const r = p.runs[c.solver];
    if (!r) return el("td", {}, "");
    const cls = r.status + (r.correct === "no" ? " wrong" : "");
    const text = r.status === "solved"
        ? `${r.moves} moves, ${ms(r.seconds)} ms, ${r.expanded ?? "-"} states`
        : `${r.status}, ${r.expanded ?? "-"} states`;
    return el("td", {class: cls, title: r.status}, text);
}

function fillTable() {
    const head = document.querySelector("#table thead"), body = document.querySelector("#table tbody");
    head.append(el("tr", {}, ...columns.map((c, i) => {
        const th = el("th", {class: c.text ? "text" : "", "data-col": String(i)}, c.name);
        th.addEventListener("click", () => sortBy(i));
        return th;
    })));
    D.puzzles.forEach((p, i) => {
        const tr = el("tr", {class: "pick", "data-puzzle": String(i)}, ...columns.map(c => cell(p, c)));
        tr.addEventListener("click", () => drill(i));
        body.append(tr);
    });
}

let sorted = {col: 0, up: true};
function sortBy(col) {
    sorted = {col, up: sorted.col === col ? !sorted.up : true};
    const body = document.querySelector("#table tbody"), c = columns[col];
    const rows = Array.from(body.rows);
    rows.sort((a, b) => {
        const x = c.key(D.puzzles[a.dataset.puzzle]), y = c.key(D.puzzles[b.dataset.puzzle]);
        const d = c.text ? String(x).localeCompare(String(y)) : x - y;
        return sorted.up ? d : -d;
    });
    for (const r of rows) body.append(r);
}

function filterRows(text) {
    const want = text.toLowerCase();
    for (const r of document.querySelectorAll("#table tbody tr"))
        r.hidden = want !== "" && !r.textContent.toLowerCase().includes(want);
}

// ---- a board, its moves and its picture ---------------------------------------------------

// The board of a row's board column: the 36-character database form ('o' empty, exit at the
// right of row 2) or the native text on one line ('/' between lines, '.' empty, the exit
// marked by '>', '<', 'v' or '^' in the frame).
function parseBoard(text) {
    if (!text.includes("/")) {
        const n = Math.round(Math.sqrt(text.length)), grid = [];
        for (let r = 0; r < n; r++) grid.push(text.slice(r * n, r * n + n).replace(/o/g, ".").split(""));
        return {grid, primary: "A", exit: "right"};
    }
    let lines = text.split("/"), primary = "A";
    if (lines[0].startsWith("primary:")) primary = lines.shift().slice(8).trim();
    const top = lines[0], bottom = lines[lines.length - 1];
    const rows = lines.slice(1, -1);
    let exit = "right";
    if (rows.some(l => l.startsWith("<"))) exit = "left";
    else if (top.includes("^")) exit = "up";
    else if (bottom.includes("v")) exit = "down";
    return {grid: rows.map(l => l.slice(1, -1).split("")), primary, exit};
}

function cellsOf(b, label) {
    const out = [];
    b.grid.forEach((row, r) => row.forEach((c, k) => { if (c === label) out.push([r, k]); }));
    return out;
}

// The board after one move in notation ("B+1": B one cell right or down).
function applyMove(b, move) {
    const label = move[0], d = parseInt(move.slice(1), 10), cells = cellsOf(b, label);
    if (!cells.length) throw new Error(`no piece ${label} for move ${move}`);
    const horizontal = cells.length < 2 || cells[0][0] === cells[1][0];
    const grid = b.grid.map(row => row.slice());
    for (const [r, k] of cells) grid[r][k] = ".";
    for (const [r, k] of cells) {
        const rr = horizontal ? r : r + d, kk = horizontal ? k + d : k;
        if (rr < 0 || kk < 0 || rr >= grid.length || kk >= grid[0].length || grid[rr][kk] !== ".")
            throw new Error(`move ${move} is not legal`);
        grid[rr][kk] = label;
    }
    return {grid, primary: b.primary, exit: b.exit};
}

function solvedBoard(b) {
    const cells = cellsOf(b, b.primary), h = b.grid.length, w = b.grid[0].length;
    if (b.exit === "right") return cells.some(([, k]) => k === w - 1);
    if (b.exit === "left") return cells.some(([, k]) => k === 0);
    if (b.exit === "down") return cells.some(([r]) => r === h - 1);
    return cells.some(([r]) => r === 0);
}

// The board in the renderer's colours (common/draw.c's dark theme), one tile per cell.
function boardSvg(b) {
    const t = 24, h = b.grid.length, w = b.grid[0].length;
    let s = `<svg xmlns="http://www.w3.org/2000/svg" width="${w * t}" height="${h * t}">` +
            `<rect width="100%" height="100%" fill="#6a4820"/>`;
    b.grid.forEach((row, r) => row.forEach((c, k) => {
        if (c === ".") return;
        const fill = c === "x" ? "#808080" : c === b.primary ? "#dc1e0f" : "#e77500";
        s += `<rect x="${k * t + 1}" y="${r * t + 1}" width="${t - 2}" height="${t - 2}" fill="${fill}"/>`;
        if (c !== "x")
            s += `<text x="${k * t + t / 2}" y="${r * t + t / 2 + 4}" font-size="11" ` +
                 `text-anchor="middle" font-family="sans-serif">${c}</text>`;
    }));
    return s + "</svg>";
}

// ---- the drill-down -----------------------------------------------------------------------

function stepper(p, label, run) {
    const moves = run.solution ? run.solution.split(" ") : [];
    const boards = [parseBoard(p.board)];
    for (const m of moves) boards.push(applyMove(boards[boards.length - 1], m));
    const view = el("div"), caption = el("div"), box = el("div", {class: "stepper", "data-solver": label});
    let at = 0;
    const show = k => {
        at = Math.max(0, Math.min(moves.length, k));
        view.innerHTML = boardSvg(boards[at]);
        caption.textContent = at === 0 ? `start (${moves.length} moves)` : `${at}. ${moves[at - 1]}`;
        box.dataset.at = String(at);
        box.dataset.solved = String(solvedBoard(boards[at]));
    };
    const button = (text, action, name) => {
        const b = el("button", {"data-step": name}, text);
        b.addEventListener("click", action);
        return b;
    };
    box.append(el("h4", {}, `${label}: ${run.status}${run.moves !== null ? ", " + run.moves + " moves" : ""}`),
               button("|<", () => show(0), "first"), button("<", () => show(at - 1), "back"),
               button(">", () => show(at + 1), "next"), button(">|", () => show(moves.length), "last"),
               caption, view, el("div", {class: "moves"}, run.solution || ""));
    show(0);
    return box;
}

function drill(i) {
    const p = D.puzzles[i], box = document.getElementById("drill");
    box.replaceChildren(el("h3", {}, `${p.name} (optimum ${p.optimum === null ? "unknown" : p.optimum})`));
    const start = el("div", {class: "stepper"});
    start.innerHTML = p.svg;
    box.append(start);
    for (const label of D.solvers)
        if (p.runs[label] && p.runs[label].status === "solved") box.append(stepper(p, label, p.runs[label]));
    box.hidden = false;
    box.dataset.puzzle = String(i);
}

// ---- the page, and its self-test ----------------------------------------------------------

function selftest() {
    const check = (ok, what) => { if (!ok) throw new Error(what); };
    const ths = document.querySelectorAll("#table thead th");
    const optimum = Array.from(ths).findIndex(th => th.textContent === "optimum");
    const values = () => Array.from(document.querySelectorAll("#table tbody tr"))
                              .map(r => D.puzzles[r.dataset.puzzle].optimum ?? -1);
    ths[optimum].click();
    const up = values();
    check(up.every((v, k) => k === 0 || up[k - 1] <= v), "sorting up by optimum");
    ths[optimum].click();
    const down = values();
    check(down.every((v, k) => k === 0 || down[k - 1] >= v), "sorting down by optimum");
    const filter = document.getElementById("filter");
    filter.value = "no such puzzle, surely";
    filter.dispatchEvent(new Event("input"));
    check(Array.from(document.querySelectorAll("#table tbody tr")).every(r => r.hidden), "filtering");
    filter.value = "";
    filter.dispatchEvent(new Event("input"));
    const row = Array.from(document.querySelectorAll("#table tbody tr"))
                     .find(r => Object.values(D.puzzles[r.dataset.puzzle].runs).some(x => x.status === "solved"));
    check(row, "a solved puzzle to open");
    row.click();
    const drillBox = document.getElementById("drill");
    check(!drillBox.hidden && drillBox.querySelector("svg"), "the drill-down opens with its board");
    let steppers = 0;
    for (const s of drillBox.querySelectorAll(".stepper[data-solver]")) {
        check(s.dataset.solved === "false" || s.dataset.at === "0", "the start");
        s.querySelector("[data-step=last]").click();
        check(s.dataset.solved === "true", `${s.dataset.solver}'s solution reaches the goal`);
        steppers++;
    }
    check(steppers > 0, "a solution to step through");
    return `PASS: sorted ${up.length} puzzles both ways, filtered, stepped ${steppers} solutions`;
}

fillMeta();
fillSummary();
fillTable();
document.getElementById("filter").addEventListener("input", e => filterRows(e.target.value));
if (location.hash === "#selftest") {
    const out = document.getElementById("selftest");
    try {
        out.textContent = selftest();
    } catch (e) {
        out.textContent = "FAIL: " + e.message;
        console.error("selftest: " + e.message);
    }
}
