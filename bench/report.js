// report.js -- the behaviour of bench's report page (bench/html.c writes the page and its data).
// The data are the JSON object in <script id="data">: meta, summary, solvers (labels in row
// order), origins, and puzzles (index, name, id, optimum, cluster, board, svg, runs by label,
// and, for a puzzle whose cluster is small enough, graph: its state graph laid out, with each
// traced run's walk in runs[label].walk). Raw values stay raw in the data; only what is shown
// is formatted. Opened with #selftest, the page checks its own sorting, filtering, formatting,
// drill-down and walks, and writes PASS or FAIL into <pre id="selftest">. Opened with
// #puzzle=N[&walk=LABEL[&step=K]], it opens the drill-down of the puzzle at input position N,
// on that walk at that step (the end when K is left out): a link to show a class.
"use strict";
const D = JSON.parse(document.getElementById("data").textContent);

function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    for (const c of children) e.append(c);
    return e;
}

const SVG = "http://www.w3.org/2000/svg";
function svgEl(tag, attrs) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    return e;
}

// ---- numbers as a reader wants them ----------------------------------------------------------

const fmt = {
    count: v => Math.round(v).toLocaleString("en-US"),
    ratio: v => v.toFixed(2),
    seconds: v => {
        if (v === 0) return "0 s";
        const [scale, unit] = v < 1e-3 ? [1e6, "µs"] : v < 1 ? [1e3, "ms"] : [1, "s"];
        return `${(v * scale).toPrecision(3)} ${unit}`;
    },
    bytes: v => {
        const units = ["B", "KiB", "MiB", "GiB", "TiB"];
        let k = 0;
        while (v >= 1024 && k < units.length - 1) { v /= 1024; k++; }
        return k === 0 ? `${Math.round(v)} B` : `${v.toPrecision(3)} ${units[k]}`;
    },
    text: v => String(v),
};

function show(value, how) {
    return value === null || value === undefined ? "-" : fmt[how || "text"](value);
}

// ---- the run and its summary --------------------------------------------------------------

// The run's description: lists as lists, the budgets in their units.
function metaText(k, v) {
    if (k === "budget" && v && typeof v === "object") {
        const part = (n, text) => n ? text : null;
        return [part(v.max_states, `${fmt.count(v.max_states)} states`),
                part(v.max_bytes, fmt.bytes(v.max_bytes)),
                part(v.max_seconds, fmt.seconds(v.max_seconds))].filter(x => x).join(", ") || "none";
    }
    if (Array.isArray(v)) return v.join(k === "command" ? " " : ", ");
    return typeof v === "object" ? JSON.stringify(v) : String(v);
}

function fillMeta() {
    const m = D.meta || {}, t = el("table");
    for (const k of ["date", "host", "cpu", "cores", "commit", "version", "flags", "solvers",
                     "budget", "repeat", "warmup", "puzzles", "run", "command"]) {
        if (!(k in m)) continue;
        t.append(el("tr", {}, el("th", {class: "text", title: k}, k.replace(/_/g, " ")),
                    el("td", {class: "text"}, metaText(k, m[k]))));
    }
    document.getElementById("meta").append(t);
}

// The summary's columns: the words shown, the format, and the exact key in the tooltip. A key
// the page does not know is shown under its own name.
const summaryColumns = {
    solver: ["solver", "text"], runs: ["runs", "count"], solved: ["solved", "count"],
    judged: ["judged", "count"], optimal: ["optimal", "count"],
    proved_unsolvable: ["proved no solution", "count"], budget_hits: ["budget hits", "count"],
    gave_up: ["gave up", "count"], errors: ["errors", "count"], wrong: ["wrong", "count"],
    broken_claims: ["broken claims", "count"],
    warnings: ["timing warnings", "count"], mean_excess: ["mean excess moves", "ratio"],
    max_excess: ["most excess moves", "count"], median_seconds: ["median time", "seconds"],
    p95_seconds: ["95th percentile time", "seconds"],
    median_expanded: ["median states expanded", "count"],
    median_peak_bytes: ["median peak memory", "bytes"],
    median_peak_rss: ["median peak RSS", "bytes"],
};

function summaryColumn(key) {
    const [label, how] = summaryColumns[key] || [key.replace(/_/g, " "), "text"];
    return {key, label, how};
}

// A table whose header cells sort it by their column's raw value, up then down.
function sortable(table, rows, columns, value) {
    let state = {col: -1, up: true};
    const head = el("tr", {}, ...columns.map((c, i) => {
        const th = el("th", {class: c.how === "text" ? "text" : "", title: c.key, "data-col": String(i)}, c.label);
        th.addEventListener("click", () => {
            state = {col: i, up: state.col === i ? !state.up : true};
            const body = Array.from(table.tBodies[0].rows);
            body.sort((a, b) => {
                const x = value(rows[a.dataset.row], c), y = value(rows[b.dataset.row], c);
                const d = typeof x === "string" || typeof y === "string"
                    ? String(x).localeCompare(String(y)) : x - y;
                return state.up ? d : -d;
            });
            for (const r of body) table.tBodies[0].append(r);
        });
        return th;
    }));
    table.tHead.append(head);
}

function fillSummary() {
    const rows = D.summary || [];
    if (!rows.length) return;
    const columns = Object.keys(rows[0]).map(summaryColumn);
    const t = el("table", {id: "summary-table"});
    t.createTHead();
    t.createTBody();
    const raw = (r, c) => r[c.key] === null || r[c.key] === undefined ? -Infinity : r[c.key];
    sortable(t, rows, columns, raw);
    // A wrong answer or a broken claim is as loud as the page gets.
    const loud = c => c.key === "wrong" || c.key === "broken_claims";
    rows.forEach((r, i) => t.tBodies[0].append(el("tr", {"data-row": String(i)}, ...columns.map(c =>
        el("td", {class: (c.how === "text" ? "text" : "") + (loud(c) && r[c.key] > 0 ? " wrong" : ""),
                  "data-key": c.key}, show(r[c.key], c.how))))));
    document.getElementById("summary").append(t);
}

// ---- the table of puzzles -----------------------------------------------------------------

const columns = [
    {key: "index", label: "#", value: p => p.index, how: "count"},
    {key: "puzzle", label: "puzzle", value: p => p.name, how: "text"},
    {key: "optimal_moves", label: "optimum (moves)", value: p => p.optimum ?? -1, how: "count"},
    {key: "cluster_size", label: "cluster (states)", value: p => p.cluster ?? -1, how: "count"},
].concat(D.solvers.map(s => ({
    key: s, label: s, solver: s, how: "run",
    value: p => { const r = p.runs[s]; return r && r.status === "solved" ? r.seconds : Infinity; },
})));

function cell(p, c) {
    if (!c.solver) {
        const v = c.value(p);
        return el("td", {class: c.how === "text" ? "text" : ""}, v === -1 ? "-" : show(v, c.how));
    }
    const r = p.runs[c.solver];
    if (!r) return el("td", {}, "");
    const cls = r.status + (r.correct === "no" || r.broken_claim ? " wrong" : "");
    const states = r.expanded === null ? "-" : fmt.count(r.expanded);
    const text = (r.status === "solved"
        ? `${r.moves} moves, ${fmt.seconds(r.seconds)}, ${states} states`
        : `${r.status}, ${states} states`) + (r.broken_claim ? ", broken claim" : "");
    return el("td", {class: cls, title: r.broken_claim ? "breaks its solver's claim" : r.status}, text);
}

function fillTable() {
    const table = document.getElementById("table");
    sortable(table, D.puzzles, columns, (p, c) => c.value(p));
    D.puzzles.forEach((p, i) => {
        const tr = el("tr", {class: "pick", "data-row": String(i)}, ...columns.map(c => cell(p, c)));
        tr.addEventListener("click", () => drill(i));
        table.tBodies[0].append(tr);
    });
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

// ---- the drill-down: solutions ----------------------------------------------------------------

function stepper(p, label, run) {
    const moves = run.solution ? run.solution.split(" ") : [];
    const boards = [parseBoard(p.board)];
    for (const m of moves) boards.push(applyMove(boards[boards.length - 1], m));
    const view = el("div"), caption = el("div"), box = el("div", {class: "stepper", "data-solver": label});
    let at = 0;
    const showAt = k => {
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
               button("|<", () => showAt(0), "first"), button("<", () => showAt(at - 1), "back"),
               button(">", () => showAt(at + 1), "next"), button(">|", () => showAt(moves.length), "last"),
               caption, view, el("div", {class: "moves"}, run.solution || ""));
    showAt(0);
    return box;
}

// ---- the drill-down: the state graph and each walk through it -------------------------------

// matplotlib's viridis and plasma by nine anchors, as graph/palette.c has them.
const VIRIDIS = ["#440154", "#472d7b", "#3b528b", "#2c728e", "#21908c", "#27ad81", "#5dc863", "#aadc32", "#fde725"];
const PLASMA = ["#0d0887", "#4c02a1", "#7e03a8", "#a92395", "#cc4678", "#e56b5d", "#f89441", "#fdc328", "#f0f921"];
const FADED = "#e4e4e4", NO_GOAL = "#bdbdbd";

function scale(anchors, t) {
    t = Math.max(0, Math.min(1, t)) * 8;
    const i = Math.min(7, Math.floor(t)), f = t - i;
    const c = k => parseInt(anchors[i].slice(1 + 2 * k, 3 + 2 * k), 16) * (1 - f) +
                   parseInt(anchors[i + 1].slice(1 + 2 * k, 3 + 2 * k), 16) * f;
    return "#" + [0, 1, 2].map(k => Math.round(c(k)).toString(16).padStart(2, "0")).join("");
}

function distanceColour(g, node) {
    const d = g.to_goal[node];
    return d < 0 ? NO_GOAL : scale(VIRIDIS, g.far ? 1 - d / g.far : 1);
}

// The graph drawn once: an <svg> with one path for the edges, a shape per node, a path for
// the solution on top. Returns the pieces the walk player recolours.
function graphView(g) {
    const width = Math.max(...g.x, 1), height = Math.max(...g.y, 1);   // the longer side is 1000
    const svg = svgEl("svg", {viewBox: `-20 -20 ${width + 40} ${height + 40}`, class: "graph"});
    let d = "";
    for (let e = 0; e < g.edges.length; e += 2) {
        const a = g.edges[e], b = g.edges[e + 1];
        d += `M${g.x[a]} ${g.y[a]}L${g.x[b]} ${g.y[b]}`;
    }
    svg.append(svgEl("path", {d, stroke: "#8c8c8c", "stroke-opacity": "0.35", "stroke-width": "1", fill: "none"}));
    const nodes = [];
    for (let i = 0; i < g.x.length; i++) {
        const goal = g.to_goal[i] === 0, start = i === 0;
        const shape = goal
            ? svgEl("rect", {x: g.x[i] - 6, y: g.y[i] - 6, width: 12, height: 12})
            : svgEl("circle", {cx: g.x[i], cy: g.y[i], r: start ? 11 : 5.5});
        if (start) { shape.setAttribute("stroke", "black"); shape.setAttribute("stroke-width", "3"); }
        svg.append(shape);
        nodes.push(shape);
    }
    const path = svgEl("path", {stroke: "black", "stroke-width": "4", fill: "none", "stroke-linejoin": "round"});
    svg.append(path);
    const drawPath = nodesOnPath => {
        path.setAttribute("d", nodesOnPath.filter(n => n >= 0).map((n, k) => `${k ? "L" : "M"}${g.x[n]} ${g.y[n]}`).join(""));
    };
    return {svg, nodes, path, drawPath};
}

// The graph in distance colours with the reference solution, and a player for each traced walk:
// a slider over its expansions in order (and a play button); the states expanded so far in
// plasma by order of first expansion, the current one ringed, its solution drawn at the end.
function graphPanel(p) {
    const g = p.graph, view = graphView(g);
    const box = el("div", {class: "graph-panel"});
    const walks = D.solvers.filter(s => p.runs[s] && p.runs[s].walk);
    const pick = el("select", {"data-role": "walk"}, el("option", {value: ""}, "distance to the goal"),
                    ...walks.map(s => el("option", {value: s}, s)));
    const slider = el("input", {type: "range", min: "0", max: "0", value: "0", "data-role": "slider"});
    const play = el("button", {"data-role": "play"}, "play");
    const count = el("span", {class: "count", "data-role": "count"});
    const note = el("div", {class: "note"});
    let walk = null, rank = null, shown = 0, timer = null;

    const paintDistances = () => {
        view.nodes.forEach((n, i) => { n.setAttribute("fill", distanceColour(g, i)); n.classList.remove("now"); });
        view.drawPath(g.path);
        count.textContent = `${fmt.count(g.x.length)} states, coloured by moves to the nearest goal`;
        count.dataset.count = "";
    };
    // Shows the walk's first k expansions.
    const showSteps = k => {
        const steps = walk.walk;
        k = Math.max(0, Math.min(steps.length, k));
        if (k < shown) { view.nodes.forEach(n => n.setAttribute("fill", FADED)); shown = 0; }
        for (; shown < k; shown++) {
            const n = steps[shown];
            if (n >= 0) view.nodes[n].setAttribute("fill", scale(PLASMA, rank.total > 1 ? rank.of[n] / (rank.total - 1) : 0));
        }
        view.nodes.forEach(n => n.classList.remove("now"));
        if (k > 0 && steps[k - 1] >= 0) view.nodes[steps[k - 1]].classList.add("now");
        view.drawPath(k === steps.length ? (walk.walk_path || []) : []);
        slider.value = String(k);
        count.textContent = `${fmt.count(k)} of ${fmt.count(steps.length)} expanded`;
        count.dataset.count = String(k);
        box.dataset.at = String(k);
    };
    pick.addEventListener("change", () => {
        if (timer) { clearInterval(timer); timer = null; }
        walk = pick.value ? p.runs[pick.value] : null;
        note.textContent = walk && walk.walk_note ? walk.walk_note : "";
        slider.disabled = play.disabled = !walk;
        if (!walk) { slider.max = "0"; paintDistances(); return; }
        rank = {of: new Array(g.x.length).fill(-1), total: 0};
        for (const n of walk.walk) if (n >= 0 && rank.of[n] < 0) rank.of[n] = rank.total++;
        slider.max = String(walk.walk.length);
        shown = g.x.length;   // forces a repaint from nothing
        showSteps(0);
    });
    slider.addEventListener("input", () => walk && showSteps(parseInt(slider.value, 10)));
    play.addEventListener("click", () => {
        if (!walk) return;
        if (timer) { clearInterval(timer); timer = null; return; }
        const total = walk.walk.length, step = Math.max(1, Math.ceil(total / 300));
        if (shown >= total) showSteps(0);
        timer = setInterval(() => {
            showSteps(shown + step);
            if (shown >= total) { clearInterval(timer); timer = null; }
        }, 20);
    });
    slider.disabled = play.disabled = true;
    paintDistances();
    const skipped = D.solvers.filter(s => p.runs[s] && !p.runs[s].walk && p.runs[s].walk_note)
                             .map(s => `${s}: ${p.runs[s].walk_note}`);
    box.append(el("h4", {}, "The state graph"), pick, play, slider, count, note, view.svg,
               el("div", {class: "note"}, "large ringed node: the start; squares: goal states; " +
                  "black path: the solution" + (skipped.length ? `. Not traced: ${skipped.join("; ")}` : "")));
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
    if (p.graph) box.append(graphPanel(p));
    else if (p.graph_note) box.append(el("p", {class: "note"}, `No state graph: ${p.graph_note}`));
    box.hidden = false;
    box.dataset.puzzle = String(i);
}

// ---- the page, and its self-test ----------------------------------------------------------

function selftest() {
    const check = (ok, what) => { if (!ok) throw new Error(what); };
    // The puzzles sort both ways and filter.
    const ths = document.querySelectorAll("#table thead th");
    const optimum = Array.from(ths).findIndex(th => th.title === "optimal_moves");
    const values = () => Array.from(document.querySelectorAll("#table tbody tr"))
                              .map(r => D.puzzles[r.dataset.row].optimum ?? -1);
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

    // The summary: words in the headers, the key in each tooltip, units in the cells; it sorts.
    const heads = Array.from(document.querySelectorAll("#summary-table th"));
    check(heads.every(th => th.title && !th.textContent.includes("_")), "summary headers in words");
    const cellsOf = key => Array.from(document.querySelectorAll(`#summary-table td[data-key="${key}"]`));
    for (const key of ["median_seconds", "p95_seconds"])
        check(cellsOf(key).every(td => /^(-|\d+(\.\d+)? (µs|ms|s))$/.test(td.textContent)), `${key} with its unit`);
    check(cellsOf("median_peak_bytes").every(td => /^(-|\d+(\.\d+)? (B|KiB|MiB|GiB))$/.test(td.textContent)),
          "memory with its unit");
    check(cellsOf("mean_excess").every(td => /^(-|\d+\.\d\d)$/.test(td.textContent)), "excess to two places");
    const timeHead = heads.find(th => th.title === "median_seconds");
    timeHead.click();
    const times = Array.from(document.querySelectorAll("#summary-table tbody tr"))
                       .map(r => D.summary[r.dataset.row].median_seconds ?? -Infinity);
    check(times.every((v, k) => k === 0 || times[k - 1] <= v), "the summary sorts by time");

    // A solved puzzle's drill-down steps every solution to the goal.
    const rows = Array.from(document.querySelectorAll("#table tbody tr"));
    const row = rows.find(r => D.puzzles[r.dataset.row].graph) ||
                rows.find(r => Object.values(D.puzzles[r.dataset.row].runs).some(x => x.status === "solved"));
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

    // Each walk: the slider reaches its last expansion, which is the row's `expanded`.
    let walks = 0;
    const p = D.puzzles[row.dataset.row];
    if (p.graph) {
        const pick = drillBox.querySelector("[data-role=walk]"), slider = drillBox.querySelector("[data-role=slider]");
        const count = drillBox.querySelector("[data-role=count]");
        for (const option of Array.from(pick.options).slice(1)) {
            pick.value = option.value;
            pick.dispatchEvent(new Event("change"));
            slider.value = slider.max;
            slider.dispatchEvent(new Event("input"));
            const run = p.runs[option.value];
            check(Number(count.dataset.count) === run.expanded,
                  `${option.value}: the slider ends at ${count.dataset.count}, the row expanded ${run.expanded}`);
            check(count.textContent === `${fmt.count(run.expanded)} of ${fmt.count(run.expanded)} expanded`,
                  `${option.value}: the count shown`);
            if (run.status === "solved")
                check(drillBox.querySelector("svg.graph path:last-of-type").getAttribute("d").length > 0,
                      `${option.value}: its solution lights up at the end`);
            walks++;
        }
    }
    return `PASS: sorted ${up.length} puzzles both ways, filtered, checked the summary's ` +
           `formats, stepped ${steppers} solutions, played ${walks} walks`;
}

fillMeta();
fillSummary();
fillTable();
document.getElementById("filter").addEventListener("input", e => filterRows(e.target.value));
// #puzzle=N&walk=LABEL&step=K: the drill-down of puzzle N, on a walk, at a step.
function openFromHash() {
    const want = new URLSearchParams(location.hash.slice(1));
    const i = D.puzzles.findIndex(p => String(p.index) === want.get("puzzle"));
    if (i < 0) return;
    drill(i);
    const box = document.getElementById("drill"), pick = box.querySelector("[data-role=walk]");
    if (pick && want.get("walk")) {
        pick.value = want.get("walk");
        pick.dispatchEvent(new Event("change"));
        const slider = box.querySelector("[data-role=slider]");
        slider.value = want.has("step") ? want.get("step") : slider.max;
        slider.dispatchEvent(new Event("input"));
    }
    box.scrollIntoView();
}

if (location.hash.startsWith("#puzzle=")) openFromHash();
if (location.hash === "#selftest") {
    const out = document.getElementById("selftest");
    try {
        out.textContent = selftest();
    } catch (e) {
        out.textContent = "FAIL: " + e.message;
        console.error("selftest: " + e.message);
    }
}
