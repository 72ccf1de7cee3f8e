# bench.gp -- figures from a bin/bench result (plots/make-plots.sh prepares the data and drives
# it). Variables: data (folder of rows.tsv and cactus-FILE.dat), outdir, solvers (space-separated
# labels), files (the same labels with '/' as '-'), ext (png or svg), has_solved (any solved
# run), has_peak (jemalloc peaks present), has_tradeoff (bfs and informed pairings to compare).
#
# rows.tsv columns: 1 solver, 2 status, 3 optimal_moves, 4 excess, 5 expanded, 6 peak_bytes,
# 7 seconds, 8 table_bytes.

set datafile separator "\t"
set datafile missing ""
if (ext eq "png") { set terminal pngcairo size 1000,640 enhanced font "DejaVu Sans,11" }
else { set terminal svg size 1000,640 dynamic enhanced font "DejaVu Sans,11" }
set key outside right top
set grid
set format y "10^{%L}"
rows = data . "/rows.tsv"
n = words(solvers)
jitter(i) = 0.6 * (i - (n + 1) / 2.0) / n     # spreads solvers sideways around each move count
solved(s) = strcol(1) eq s && strcol(2) eq "solved"

if (has_solved) {
    # Cactus plot: for each solver, its solved runs sorted by time; x = how many, y = the time.
    set output sprintf("%s/cactus.%s", outdir, ext)
    set title "Cactus plot: puzzles solved within the time on the y axis"
    set xlabel "puzzles solved"
    set ylabel "solve time per puzzle (seconds, log scale)"
    set logscale y
    plot for [i = 1:n] sprintf("%s/cactus-%s.dat", data, word(files, i)) \
        using 1:2 with steps lw 2 title word(solvers, i)

    set title "Solve time against the optimal move count"
    set xlabel "optimal moves"
    set ylabel "solve time (seconds, log scale)"
    set output sprintf("%s/time-vs-moves.%s", outdir, ext)
    plot for [i = 1:n] rows \
        using (solved(word(solvers, i)) ? $3 + jitter(i) : NaN):7 with points pt 7 ps 0.5 \
        title word(solvers, i)

}

set title "States expanded against the optimal move count (budget hits included)"
set ylabel "states expanded (log scale)"
set output sprintf("%s/nodes-vs-moves.%s", outdir, ext)
plot for [i = 1:n] rows \
    using (strcol(1) eq word(solvers, i) ? $3 + jitter(i) : NaN):($5 > 0 ? $5 : NaN) \
    with points pt 7 ps 0.5 title word(solvers, i)

memcol = has_peak ? 6 : 8
if (has_peak) { set title "Peak memory of a run (jemalloc thread peak) against the optimal move count" }
else { set title "Largest tables of a run (the solver's own count; no jemalloc peak in this build)" }
set ylabel "memory (bytes, log scale)"
set output sprintf("%s/memory-vs-moves.%s", outdir, ext)
plot for [i = 1:n] rows \
    using (strcol(1) eq word(solvers, i) ? $3 + jitter(i) : NaN):(column(memcol) > 0 ? column(memcol) : NaN) \
    with points pt 7 ps 0.5 title word(solvers, i)

# Excess moves, one box per solver that ever returned more than the optimum.
excessive = ""
do for [i = 1:n * has_solved] {
    s = word(solvers, i)
    stats rows using (solved(s) ? $4 : NaN) nooutput
    if (STATS_records > 0 && STATS_max > 0) { excessive = excessive . " " . s }
}
m = words(excessive)
if (m > 0) {
    set title "Moves beyond the optimum, per solver that is not optimal (solved runs)"
    set xlabel "solver"
    set ylabel "excess moves + 1 (log scale)"
    unset key
    set format y "%g"
    set style data boxplot
    set style boxplot outliers pointtype 7
    set style fill solid 0.35 border
    set pointsize 0.4
    set xtics () 
    do for [i = 1:m] { set xtics add (word(excessive, i) i) }
    set xrange [0.3:m + 0.7]
    set output sprintf("%s/excess.%s", outdir, ext)
    plot for [i = 1:m] rows \
        using (i):(solved(word(excessive, i)) ? $4 + 1 : NaN) lc i
}

# The bounds' trade-off: fewer states expanded against more time per state, one point per
# informed pairing (and bfs, the uninformed baseline): medians over solved runs.
if (has_tradeoff) {
    unset logscale
    unset xtics
    set xtics
    unset xrange
    unset yrange
    set format y "%g"
    set title "What a lower bound buys: states expanded against time per expanded state (medians)"
    set xlabel "median states expanded (log scale)"
    set ylabel "median time per expanded state (microseconds, log scale)"
    set logscale xy
    set grid
    unset key
    set offsets graph 0.08, graph 0.25, graph 0.1, graph 0.1
    set output sprintf("%s/bounds.%s", outdir, ext)
    plot sprintf("%s/tradeoff.dat", data) using 2:($3 * 1e6):1 with labels point pt 7 ps 1 \
        offset char 1, char 0.6 left
}
