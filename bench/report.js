// report.js -- the behaviour of bench's report page (bench/html.c writes the page and its data).
// The data are the JSON object in <script id="data">, a column per field so that a row costs a
// few bytes: meta, summary, solvers (labels in row order), origins, statuses and notes (named
// once, referred to by place), puzzles {index, name, id, family, optimum, cluster, picture,
// graph_note}, runs[LABEL] {status, moves, seconds, expanded, correct, broken_claim,
// solution, frames}, each an array over the puzzles, and graphs[POSITION] {graph, walks} for
// the puzzles whose cluster is small enough. Boards are drawn here from their pictures (the
// same for every family), when shown; the table shows one page of rows at a time, sorted and
// filtered over the data, so that 160,000 rows open at once. Raw values stay raw in the data;
// only what is shown is formatted. Opened with #selftest, the page checks its own sorting,
// filtering, paging, formatting, and a drill-down of each family (boards, solutions, walks),
// and writes PASS or FAIL into <pre id="selftest">. Opened with #puzzle=N[&walk=LABEL[&step=K]],
// it opens the drill-down of the puzzle at input position N, on that walk at that step (the end
// when K is left out): a link to show a class.
"use strict";
const D = JSON.parse(document.getElementById("data").textContent);
const PZ = D.puzzles, NP = PZ.index.length;

// Puzzle i's run by solver `label`, as one object, or null when the solver has no row for it.
function runOf(i, label) {
    const c = D.runs[label];
    if (!c || c.status[i] === null) return null;
    return {status: D.statuses[c.status[i]], moves: c.moves[i], seconds: c.seconds[i],
            expanded: c.expanded[i], correct: c.correct[i], broken_claim: c.broken_claim[i] === 1,
            solution: c.solution[i], frames: c.frames[i]};
}

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
    if (k === "sandbox") return v ? "on: external solvers run sandboxed" : "off (--no-sandbox)";
    if (Array.isArray(v)) return v.join(k === "command" ? " " : ", ");
    return typeof v === "object" ? JSON.stringify(v) : String(v);
}

function fillMeta() {
    const m = D.meta || {}, t = el("table");
    for (const k of ["date", "host", "cpu", "cores", "commit", "version", "flags", "solvers",
                     "budget", "repeat", "warmup", "puzzles", "run", "command", "cpu_path", "sandbox",
                     "sandbox_read", "sandbox_write"]) {
        if (!(k in m) || (Array.isArray(m[k]) && !m[k].length)) continue;
        t.append(el("tr", {}, el("th", {class: "text", title: k}, k.replace(/_/g, " ")),
                    el("td", {class: "text"}, metaText(k, m[k]))));
    }
    document.getElementById("meta").append(t);
}

// The summary's columns: the words shown, the format, and the exact key in the tooltip. A key
// the page does not know is shown under its own name.
const summaryColumns = {
    family: ["family", "text"], solver: ["solver", "text"], runs: ["runs", "count"], solved: ["solved", "count"],
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

// Two raw values in order: text by the locale's rules, numbers by size.
function compareValues(x, y) {
    return typeof x === "string" || typeof y === "string" ? String(x).localeCompare(String(y)) : x - y;
}

// A header row of the columns in words, each column's key in its tooltip; a click on a header
// calls onSort with its column's place.
function headerRow(columns, onSort) {
    return el("tr", {}, ...columns.map((c, i) => {
        const th = el("th", {class: c.how === "text" ? "text" : "", title: c.key, "data-col": String(i)}, c.label);
        th.addEventListener("click", () => onSort(i));
        return th;
    }));
}

// A table whose header cells sort its rows by their column's raw value, up then down.
function sortable(table, rows, columns, value) {
    let state = {col: -1, up: true};
    table.tHead.append(headerRow(columns, i => {
        state = {col: i, up: state.col === i ? !state.up : true};
        const body = Array.from(table.tBodies[0].rows);
        body.sort((a, b) => {
            const d = compareValues(value(rows[a.dataset.row], columns[i]), value(rows[b.dataset.row], columns[i]));
            return state.up ? d : -d;
        });
        for (const r of body) table.tBodies[0].append(r);
    }));
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

// ---- the table of puzzles: sorted and filtered over the data, shown a page at a time -------

const PAGE_ROWS = 100;
const columns = [
    {key: "index", label: "#", value: i => PZ.index[i], how: "count"},
    {key: "puzzle", label: "puzzle", value: i => PZ.name[i], how: "text"},
    {key: "family", label: "family", value: i => PZ.family[i], how: "text"},
    {key: "optimal_moves", label: "optimum (moves)", value: i => PZ.optimum[i] ?? -1, how: "count"},
    {key: "cluster_size", label: "cluster (states)", value: i => PZ.cluster[i] ?? -1, how: "count"},
].concat(D.solvers.map(s => ({
    key: s, label: s, solver: s, how: "run",
    value: i => { const c = D.runs[s]; return c.status[i] !== null && D.statuses[c.status[i]] === "solved" ? c.seconds[i] : Infinity; },
})));

const view = {order: [...Array(NP).keys()], shown: null, page: 0, sort: {col: -1, up: true}, filter: "",
              family: ""};
let haystack = null;   // each puzzle's text for the filter, made on its first use

function cell(i, c) {
    if (!c.solver) {
        const v = c.value(i);
        return el("td", {class: c.how === "text" ? "text" : ""}, v === -1 ? "-" : show(v, c.how));
    }
    const r = runOf(i, c.solver);
    if (!r) return el("td", {}, "");
    const cls = r.status + (r.correct === 0 || r.broken_claim ? " wrong" : "");
    const states = r.expanded === null ? "-" : fmt.count(r.expanded);
    const text = (r.status === "solved"
        ? `${r.moves} moves, ${fmt.seconds(r.seconds)}, ${states} states`
        : `${r.status}, ${states} states`) + (r.broken_claim ? ", broken claim" : "");
    return el("td", {class: cls, title: r.broken_claim ? "breaks its solver's claim" : r.status}, text);
}

function showPage(k) {
    const rows = view.shown, pages = Math.max(1, Math.ceil(rows.length / PAGE_ROWS));
    view.page = Math.max(0, Math.min(pages - 1, k));
    const body = document.querySelector("#table tbody");
    body.replaceChildren(...rows.slice(view.page * PAGE_ROWS, (view.page + 1) * PAGE_ROWS).map(i => {
        const tr = el("tr", {class: "pick", "data-row": String(i)}, ...columns.map(c => cell(i, c)));
        tr.addEventListener("click", () => drill(i));
        return tr;
    }));
    const first = rows.length ? view.page * PAGE_ROWS + 1 : 0;
    const pager = document.getElementById("pager");
    pager.dataset.shown = String(rows.length);
    pager.querySelector("[data-role=where]").textContent =
        `puzzles ${fmt.count(first)}-${fmt.count(Math.min(rows.length, (view.page + 1) * PAGE_ROWS))} ` +
        `of ${fmt.count(rows.length)}${rows.length < NP ? ` (${fmt.count(NP)} in all)` : ""}, ` +
        `page ${view.page + 1} of ${pages}`;
}

function refresh() {
    view.shown = view.order.filter(i => (view.family === "" || PZ.family[i] === view.family) &&
                                        (view.filter === "" || haystack[i].includes(view.filter)));
    showPage(0);
}

// The family menu: every family of the run, or all of them ("").
function fillFamilies() {
    const menu = document.getElementById("family"), present = [...new Set(PZ.family)];
    menu.append(el("option", {value: ""}, "all families"), ...present.map(f => el("option", {value: f}, f)));
    menu.hidden = present.length < 2;
    menu.addEventListener("input", () => {
        view.family = menu.value;
        refresh();
    });
}

function sortBy(col) {
    view.sort = {col, up: view.sort.col === col ? !view.sort.up : true};
    const c = columns[col], up = view.sort.up, key = Array.from({length: NP}, (_, i) => c.value(i));
    view.order.sort((a, b) => {
        const d = compareValues(key[a], key[b]);
        return (up ? d : -d) || a - b;
    });
    refresh();
}

function filterRows(text) {
    if (!haystack) haystack = [...Array(NP).keys()].map(i => (PZ.name[i] + " " + D.solvers.map(s => {
        const r = runOf(i, s);
        return r ? `${s} ${r.status}${r.broken_claim ? " broken claim" : ""}${r.correct === 0 ? " wrong" : ""}` : "";
    }).join(" ")).toLowerCase());
    view.filter = text.toLowerCase();
    refresh();
}

function fillTable() {
    const table = document.getElementById("table");
    table.tHead.append(headerRow(columns, sortBy));
    const pager = document.getElementById("pager");
    const button = (text, role, to) => {
        const b = el("button", {"data-role": role}, text);
        b.addEventListener("click", () => showPage(to()));
        return b;
    };
    pager.append(button("|<", "first", () => 0), button("<", "back", () => view.page - 1),
                 el("span", {"data-role": "where"}), button(">", "next", () => view.page + 1),
                 button(">|", "last", () => Infinity));
    refresh();
}

// ---- a board, drawn from the C side's picture of it ------------------------------------------

// A puzzle's picture (bench/html.c, from common/family.h's family_picture): {w, h, walls, exit,
// side, pieces: [[label, cells, primary, goal], ...]}, cells numbered row * stride + column
// (pictureStride), the same for every family. A position is the first cell of each piece; a step of a solution
// (run.frames.steps) names each piece it moved and the first cell it covers now. The page reads
// no family's notation: the moves are shown as text, the boards come from the frames.
// A picture's stride (family.h's family_picture_stride): 8 on boards of at most 8 x 8 cells,
// the width on larger ones.
function pictureStride(pic) {
    return pic.w > 8 || pic.h > 8 ? pic.w : 8;
}

function startOf(pic) {
    return pic.pieces.map(p => p[1][0]);
}

// The colours of picture/draw.c's dark theme.
const WOOD = {frame: "#ac7f2e", floor: "#6b4921", wood: "#e87600", red: "#dc1c0c", wall: "#808080"};

// The board at a position: the frame with its opening, the walls, each piece moved rigidly from
// its start by where its first cell now is; a piece is red when it is the primary or stands on
// its goal (a sliding tile).
function boardSvg(pic, at) {
    const t = 24, m = 5, w = pic.w, h = pic.h, st = pictureStride(pic);
    const col = c => c % st, row = c => Math.floor(c / st), x = c => m + col(c) * t, y = c => m + row(c) * t;
    let s = `<svg xmlns="http://www.w3.org/2000/svg" width="${w * t + 2 * m}" height="${h * t + 2 * m}">` +
            `<rect width="100%" height="100%" fill="${WOOD.frame}"/>` +
            `<rect x="${m}" y="${m}" width="${w * t}" height="${h * t}" fill="${WOOD.floor}"/>`;
    for (const c of pic.exit) {
        const [ex, ey, ew, eh] = {">": [x(c) + t, y(c) + 2, m, t - 4], "<": [0, y(c) + 2, m, t - 4],
                                  "v": [x(c) + 2, y(c) + t, t - 4, m], "^": [x(c) + 2, 0, t - 4, m]}[pic.side];
        s += `<rect x="${ex}" y="${ey}" width="${ew}" height="${eh}" fill="${WOOD.floor}" data-exit=""/>`;
    }
    for (const c of pic.walls)
        s += `<rect x="${x(c) + 1}" y="${y(c) + 1}" width="${t - 2}" height="${t - 2}" fill="${WOOD.wall}"/>`;
    pic.pieces.forEach(([label, cells, primary, goal], i) => {
        const first = cells[0], dr = row(at[i]) - row(first), dc = col(at[i]) - col(first);
        const fill = primary || at[i] === goal ? WOOD.red : WOOD.wood;
        const has = new Set(cells);
        for (const c of cells) {   // a cell reaches across the gap to its piece's next cells
            const cx = x(c) + dc * t, cy = y(c) + dr * t;
            const right = col(c) < st - 1 && has.has(c + 1) ? 2 : 0, down = has.has(c + st) ? 2 : 0;
            s += `<rect x="${cx + 1}" y="${cy + 1}" width="${t - 2 + right}" height="${t - 2 + down}" fill="${fill}"/>`;
            if (c === first)
                s += `<text x="${cx + t / 2}" y="${cy + t / 2 + 4}" font-size="11" text-anchor="middle" ` +
                     `font-family="sans-serif">${label}</text>`;
        }
    });
    return s + "</svg>";
}

// ---- the drill-down: solutions ----------------------------------------------------------------

function stepper(i, label, run) {
    const moves = run.solution ? run.solution.split(" ") : [];
    const pic = PZ.picture[i], frames = run.frames;
    const box = el("div", {class: "stepper", "data-solver": label});
    if (run.solution === null || !pic || !frames) {   // left out of the page: too long for its room
        box.append(el("h4", {}, `${label}: ${run.status}, ${run.moves} moves`),
                   el("div", {class: "note"}, run.solution === null
                      ? "its solution is not in the page (its room for solutions went to shorter ones); " +
                        "results.csv holds it"
                      : "its board did not read back; results.csv holds its solution"));
        box.dataset.at = "0";
        box.dataset.solved = "left-out";
        return box;
    }
    // The positions the solution passes through, as far as it replays.
    const positions = [startOf(pic)];
    for (const step of frames.steps) {
        const at = positions[positions.length - 1].slice();
        for (let k = 0; k < step.length; k += 2) at[step[k]] = step[k + 1];
        positions.push(at);
    }
    const view = el("div"), caption = el("div");
    let at = 0;
    const showAt = k => {
        at = Math.max(0, Math.min(moves.length, k));
        view.innerHTML = boardSvg(pic, positions[Math.min(at, positions.length - 1)]);
        caption.textContent = (at === 0 ? `start (${moves.length} moves)` : `${at}. ${moves[at - 1]}`) +
                              (at >= positions.length ? " (does not replay)" : "");
        box.dataset.at = String(at);
        box.dataset.solved = String(at === moves.length && frames.solved);
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
function graphPanel(i) {
    const G = D.graphs[i], g = G.graph, view = graphView(g), runs = G.walks;
    const box = el("div", {class: "graph-panel"});
    const walks = D.solvers.filter(s => runs[s] && runs[s].walk);
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
        walk = pick.value ? runs[pick.value] : null;
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
    const skipped = D.solvers.filter(s => runs[s] && !runs[s].walk && runs[s].walk_note)
                             .map(s => `${s}: ${runs[s].walk_note}`);
    box.append(el("h4", {}, "The state graph"), pick, play, slider, count, note, view.svg,
               el("div", {class: "note"}, "large ringed node: the start; squares: goal states; " +
                  "black path: the solution" + (skipped.length ? `. Not traced: ${skipped.join("; ")}` : "")));
    return box;
}

function drill(i) {
    const box = document.getElementById("drill"), optimum = PZ.optimum[i];
    box.replaceChildren(el("h3", {}, `${PZ.name[i]} (optimum ${optimum === null ? "unknown" : optimum})`));
    const start = el("div", {class: "stepper"}), pic = PZ.picture[i];
    if (pic) start.innerHTML = boardSvg(pic, startOf(pic));
    else start.textContent = "Its board did not read back.";
    box.append(start);
    for (const label of D.solvers) {
        const run = runOf(i, label);
        if (run && run.status === "solved") box.append(stepper(i, label, run));
    }
    if (D.graphs[i]) box.append(graphPanel(i));
    else if (PZ.graph_note[i] !== null) box.append(el("p", {class: "note"}, `No state graph: ${D.notes[PZ.graph_note[i]]}`));
    box.hidden = false;
    box.dataset.puzzle = String(i);
}

// ---- the page, and its self-test ----------------------------------------------------------

function selftest() {
    const check = (ok, what) => { if (!ok) throw new Error(what); };
    const timings = {summary_ms: Math.round(SHOWN)};   // from the start of the page's load
    // The puzzles sort both ways (all of them, not only the page shown), filter and page.
    const ths = document.querySelectorAll("#table thead th");
    const optimum = Array.from(ths).findIndex(th => th.title === "optimal_moves");
    const values = () => view.shown.map(i => PZ.optimum[i] ?? -1);
    ths[optimum].click();
    const up = values();
    check(up.every((v, k) => k === 0 || up[k - 1] <= v), "sorting up by optimum");
    const firstShown = Array.from(document.querySelectorAll("#table tbody tr")).map(r => PZ.optimum[r.dataset.row] ?? -1);
    check(firstShown.length === Math.min(PAGE_ROWS, NP) && firstShown.every((v, k) => v === up[k]),
          "the first page shows the first rows of the order");
    ths[optimum].click();
    const down = values();
    check(down.every((v, k) => k === 0 || down[k - 1] >= v), "sorting down by optimum");
    const filter = document.getElementById("filter"), pager = document.getElementById("pager");
    filter.value = "no such puzzle, surely";
    filter.dispatchEvent(new Event("input"));
    check(document.querySelectorAll("#table tbody tr").length === 0 && pager.dataset.shown === "0", "filtering");
    filter.value = "";
    filter.dispatchEvent(new Event("input"));
    check(pager.dataset.shown === String(NP), "the filter cleared");
    const menu = document.getElementById("family");
    for (const option of Array.from(menu.options)) {   // each family shows its own puzzles
        menu.value = option.value;
        menu.dispatchEvent(new Event("input"));
        const want = option.value === "" ? NP : PZ.family.filter(f => f === option.value).length;
        check(pager.dataset.shown === String(want), `the family filter (${option.value || "all"})`);
    }
    menu.value = "";
    menu.dispatchEvent(new Event("input"));
    pager.querySelector("[data-role=last]").click();
    const last = document.querySelectorAll("#table tbody tr").length;
    check(last === (NP % PAGE_ROWS || Math.min(PAGE_ROWS, NP)), `the last page holds the last rows (${last})`);
    pager.querySelector("[data-role=first]").click();

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

    // Every figure loaded.
    const figures = Array.from(document.querySelectorAll("#figures figure"));
    check(figures.every(f => f.querySelector("svg") || (f.querySelector("img") && f.querySelector("img").naturalWidth > 0)),
          "every figure loaded");

    // A drill-down of each family: the page of its first puzzle with a state graph (else of its
    // first solved one) is shown through the pager, and its row clicked, as a reader would; its
    // board is drawn, every embedded solution steps from the start to the goal, a move at a time
    // changing the board, and each walk's slider ends on the row's `expanded`.
    const solved = i => D.solvers.some(s => { const r = runOf(i, s); return r && r.status === "solved"; });
    const families = [...new Set(PZ.family)];   // in the order of the input
    let steppers = 0, walks = 0;
    for (const family of families) {
        const ofFamily = i => PZ.family[i] === family;
        let wanted = view.shown.findIndex(i => ofFamily(i) && D.graphs[i]);
        if (wanted < 0) wanted = view.shown.findIndex(i => ofFamily(i) && solved(i));
        check(wanted >= 0, `a solved ${family} puzzle to open`);
        pager.querySelector("[data-role=first]").click();
        const next = pager.querySelector("[data-role=next]");
        for (let k = 0; k < Math.floor(wanted / PAGE_ROWS); k++) next.click();
        const row = Array.from(document.querySelectorAll("#table tbody tr"))
                         .find(r => Number(r.dataset.row) === view.shown[wanted]);
        check(row, `the pager shows the ${family} puzzle to open`);
        const t1 = performance.now();
        row.click();
        if (timings.drill_ms === undefined) timings.drill_ms = Math.round(performance.now() - t1);
        const drillBox = document.getElementById("drill"), i = Number(row.dataset.row);
        check(!drillBox.hidden && drillBox.querySelector("svg") &&
              drillBox.querySelectorAll("svg rect").length >= PZ.picture[i].pieces.length,
              `the ${family} drill-down opens with its board`);
        let stepped = 0;
        for (const s of drillBox.querySelectorAll(".stepper[data-solver]")) {
            if (s.dataset.solved === "left-out") continue;
            check(s.dataset.solved === "false" || s.dataset.at === "0", `${family}: the start`);
            const board = () => s.querySelector("svg").outerHTML, first = board();
            s.querySelector("[data-step=next]").click();
            check(board() !== first, `${family}: ${s.dataset.solver}'s first move changes the board`);
            s.querySelector("[data-step=last]").click();
            check(s.dataset.solved === "true", `${family}: ${s.dataset.solver}'s solution reaches the goal`);
            stepped++;
        }
        check(stepped > 0, `a ${family} solution to step through`);
        steppers += stepped;
        if (!D.graphs[i]) continue;
        const pick = drillBox.querySelector("[data-role=walk]"), slider = drillBox.querySelector("[data-role=slider]");
        const count = drillBox.querySelector("[data-role=count]");
        for (const option of Array.from(pick.options).slice(1)) {
            pick.value = option.value;
            pick.dispatchEvent(new Event("change"));
            slider.value = slider.max;
            slider.dispatchEvent(new Event("input"));
            const run = runOf(i, option.value);
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
    return `PASS: sorted ${up.length} puzzles both ways, filtered (${menu.options.length - 1} families), ` +
           `paged, checked the summary's ` +
           `formats and ${figures.length} figures, opened a drill-down of ${families.join(", ")}, ` +
           `stepped ${steppers} solutions, played ${walks} walks ` +
           `(summary and figures shown ${timings.summary_ms} ms after the page began to load, ` +
           `a drill-down opened in ${timings.drill_ms} ms)`;
}

fillMeta();
fillSummary();
const SHOWN = performance.now();   // the run, its summary and its figures are on the page
fillTable();
fillFamilies();
document.getElementById("filter").addEventListener("input", e => filterRows(e.target.value));
// #puzzle=N&walk=LABEL&step=K: the drill-down of puzzle N, on a walk, at a step.
function openFromHash() {
    const want = new URLSearchParams(location.hash.slice(1));
    const i = PZ.index.findIndex(n => String(n) === want.get("puzzle"));
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
