# bench.gp -- figures from a bin/bench result. make-plots.sh runs plots/prepare.py, which
# writes the data files and vars.gp (loaded first), then this. Variables: data (the folder of
# the data files), outdir, ext (png or svg); from vars.gp: solvers (space-separated labels),
# files (the same with '/' as '-'), colors, markers, dashes (each label's style, same order),
# proofs (each label's proved "no solution" answers), memcol (peak_bytes, or table_bytes in a
# build without jemalloc), caption (the run's corpus, budgets, machine, commit), budget_seconds,
# clock_resolution, total_puzzles, not_solved, no_optimum, no_cluster and unpaired (runs the
# figures leave out), and
# has_solved, has_peak, has_tradeoff, has_paired, has_clusters, has_sizes (what there is to draw).
#
# rows-FILE.tsv (one a solver) have a header and are read by column name; q-METRIC-FILE.dat hold, per optimal move
# count, the quartiles of a metric over a label's solved runs: moves, q1, median, q3.

set datafile separator "\t"
set datafile missing ""
set datafile columnheaders
if (ext eq "png") { set terminal pngcairo size 1000,680 enhanced font "DejaVu Sans,11" }
else { set terminal svg size 1000,680 dynamic enhanced font "DejaVu Sans,11" }
set key outside right top
set grid
set format y "10^{%L}"
set bmargin 6
set label 99 caption at screen 0.01, screen 0.02 left font ",9" textcolor rgb "#555555"
rows(i) = sprintf("%s/rows-%s.tsv", data, word(files, i))
n = words(solvers)
color(i) = word(colors, i)
marker(i) = int(word(markers, i))
dash(i) = int(word(dashes, i))
jitter(i) = 0.6 * (i - (n + 1) / 2.0) / n     # spreads solvers sideways around each move count
is(s) = strcol("solver") eq s
solved(s) = is(s) && strcol("status") eq "solved"
budget(s) = is(s) && strcol("status") eq "budget"
MiB = 1048576.0

if (has_solved) {
    # Cactus plot: for each solver, its solved runs sorted by time; x = how many, y = the time.
    # Solid: the optimal solutions only; dashed: every solution (the satisficing track).
    set output sprintf("%s/cactus.%s", outdir, ext)
    set title "Cactus plot: puzzles solved within a time (solid: optimal solutions; dashed: all)"
    set xlabel "puzzles solved"
    set ylabel "solve time per puzzle (seconds, log scale)"
    set logscale y
    set datafile nocolumnheaders
    # The budget (a run that reaches it is not solved) and the number of puzzles bound the plot;
    # the y axis stops at the clock's resolution.
    if (budget_seconds > 0) {
        set arrow 1 from graph 0, first budget_seconds to graph 1, first budget_seconds nohead dt 3 lc rgb "#555555"
        set label 1 sprintf("budget %g s", budget_seconds) at graph 0.01, first budget_seconds offset 0, char 0.6 font ",9"
    }
    set arrow 2 from first total_puzzles, graph 0 to first total_puzzles, graph 1 nohead dt 3 lc rgb "#555555"
    set label 2 sprintf("%d puzzles", total_puzzles) at first total_puzzles, graph 0.04 right offset char -0.5, 0 font ",9"
    set yrange [clock_resolution:(budget_seconds > 0 ? 3 * budget_seconds : 1)]
    set key noenhanced
    proof(i) = int(word(proofs, i))
    cactus_title(i) = proof(i) ? sprintf("%s (+%d unsolvable)", word(solvers, i), proof(i)) \
                               : word(solvers, i)
    set datafile missing ""
    plot for [i = 1:n] sprintf("%s/cactus-%s.dat", data, word(files, i)) \
            using ($3 == $3 ? $3 : 0):($3 == $3 ? $2 : NaN) with steps lw 2 dt 1 lc rgb color(i) notitle, \
         for [i = 1:n] sprintf("%s/cactus-%s.dat", data, word(files, i)) \
            using 1:2 with steps lw 1.5 dt 2 lc rgb color(i) title cactus_title(i)
    unset arrow 1
    unset arrow 2
    unset label 1
    unset label 2
    set yrange [*:*]
    set key enhanced
    set datafile columnheaders

    # Time: each solver's median over the solved runs of each optimal move count, with the
    # band between the quartiles; the runs themselves faint behind.
    set title sprintf("Solve time against the optimal move count: median and interquartile band\n(solved runs; %d runs not solved and %d of puzzles without a known optimum left out)", not_solved, no_optimum)
    set xlabel "optimal moves"
    set ylabel "solve time (seconds, log scale)"
    set output sprintf("%s/time-vs-moves.%s", outdir, ext)
    set style fill transparent solid 0.15 noborder
    set datafile nocolumnheaders
    plot for [i = 1:n] sprintf("%s/q-seconds-%s.dat", data, word(files, i)) \
            using 1:2:4 with filledcurves lc rgb color(i) notitle, \
         for [i = 1:n] sprintf("%s/q-seconds-%s.dat", data, word(files, i)) \
            using 1:3 with linespoints lw 2 dt dash(i) pt marker(i) ps 0.6 lc rgb color(i) \
            title word(solvers, i)
    set datafile columnheaders
    unset logscale y
}

# States: each solver's median and interquartile band over its solved runs, the runs faint
# behind; budget hits open at the count they stopped at (censored: the true cost is higher).
set logscale y
set style fill transparent solid 0.15 noborder
set title sprintf("States expanded against the optimal move count: median and interquartile band of solved runs\n(open markers: budget hits, a lower bound; %d runs of puzzles without a known optimum left out)", no_optimum)
set xlabel "optimal moves"
set ylabel "states expanded (log scale)"
set output sprintf("%s/nodes-vs-moves.%s", outdir, ext)
set datafile nocolumnheaders
plot for [i = 1:n] sprintf("%s/q-expanded-%s.dat", data, word(files, i)) \
        using 1:2:4 with filledcurves lc rgb color(i) notitle, \
     for [i = 1:n] sprintf("%s/q-expanded-%s.dat", data, word(files, i)) \
        using 1:3 with lines lw 2 dt dash(i) lc rgb color(i) title word(solvers, i)
set datafile columnheaders
set output sprintf("%s/nodes-vs-moves.%s", outdir, ext)
replot for [i = 1:n] rows(i) \
        using (budget(word(solvers, i)) ? column("optimal_moves") + jitter(i) : NaN):\
              (column("expanded") > 0 ? column("expanded") : NaN) \
        with points pt marker(i) - 1 ps 0.7 lc rgb color(i) notitle

if (has_peak) { set title sprintf("Peak memory of a run (jemalloc thread peak) against the optimal move count\nmedian and interquartile band of solved runs (%d runs not solved left out)", not_solved) }
else { set title sprintf("Largest tables of a run (the solver's own count; no jemalloc peak in this build)\nmedian and interquartile band of solved runs (%d runs not solved left out)", not_solved) }
set ylabel "memory (MiB, log scale)"
set format y "%g"
set output sprintf("%s/memory-vs-moves.%s", outdir, ext)
set datafile nocolumnheaders
plot for [i = 1:n] sprintf("%s/q-%s-%s.dat", data, memcol, word(files, i)) \
        using 1:($2 / MiB):($4 / MiB) with filledcurves lc rgb color(i) notitle, \
     for [i = 1:n] sprintf("%s/q-%s-%s.dat", data, memcol, word(files, i)) \
        using 1:($3 / MiB) with lines lw 2 dt dash(i) lc rgb color(i) title word(solvers, i)
set datafile columnheaders
unset style fill

# Cost against the size of the puzzle's cluster (the states reachable from it), which is the
# real measure of a puzzle's size: states expanded by each solved run.
if (has_clusters) {
    set logscale xy
    set format x "10^{%L}"
    set format y "10^{%L}"
    set title sprintf("States expanded against the size of the puzzle's cluster\n(solved runs; %d runs not solved or of puzzles without a known cluster size left out)", no_cluster)
    set xlabel "states reachable from the puzzle (log scale)"
    set ylabel "states expanded (log scale)"
    set output sprintf("%s/cost-vs-cluster.%s", outdir, ext)
    plot for [i = 1:n] rows(i) \
        using (solved(word(solvers, i)) && strcol("cluster_size") ne "" ? column("cluster_size") : NaN):\
              (column("expanded") > 0 ? column("expanded") : NaN) \
        with points pt marker(i) ps 0.5 lc rgb color(i) title word(solvers, i), \
        x with lines dt 3 lc rgb "#555555" title "the whole cluster"
    unset logscale
    set format x "%g"
}

# Each solver against the reference BFS, puzzle by puzzle (both solved): time and states,
# log-log, the diagonal where they are equal.
if (has_paired) {
    set datafile nocolumnheaders
    set logscale xy
    set format x "10^{%L}"
    set format y "10^{%L}"
    set output sprintf("%s/paired-vs-bfs.%s", outdir, ext)
    set multiplot layout 1, 2 title sprintf("Each solver against bfs on the same puzzles, below the diagonal: less than bfs\n(puzzles both solved; %d runs that bfs or the solver did not solve left out)", unpaired)
    set title "solve time (seconds)"
    set xlabel "bfs"
    set ylabel "the solver"
    unset key
    # bfs comes first in the rows (registry order), so the others are words 2 .. n.
    plot for [i = 2:n] sprintf("%s/paired-%s.dat", data, word(files, i)) \
            using 1:2 with points pt marker(i) ps 0.4 lc rgb color(i) title word(solvers, i), \
         x with lines dt 3 lc rgb "#555555" notitle
    set title "states expanded"
    set key outside right top
    plot for [i = 2:n] sprintf("%s/paired-%s.dat", data, word(files, i)) \
            using 3:4 with points pt marker(i) ps 0.4 lc rgb color(i) title word(solvers, i), \
         x with lines dt 3 lc rgb "#555555" notitle
    unset multiplot
    unset logscale
    set format x "%g"
    set datafile columnheaders
}

# Excess moves, one box per solver that ever returned more than the optimum, with its n.
excessive = ""
ecolors = ""
efiles = ""
do for [i = 1:n * has_solved] {
    s = word(solvers, i)
    stats rows(i) using (solved(s) && strcol("excess") ne "" ? column("excess") : NaN) nooutput
    # (stats defines nothing for a solver that solved nothing)
    if (exists("STATS_records") && STATS_records > 0 && STATS_max > 0) {
        excessive = excessive . " " . s
        efiles = efiles . " " . rows(i)
        ecolors = ecolors . " " . color(i)
        eval sprintf("n_%d = %d", words(excessive), STATS_records)
    }
}
m = words(excessive)
if (m > 0) {
    set title "Moves beyond the optimum, per solver that is not optimal (solved runs whose optimum is known)"
    set xlabel "solver (n = solved runs)"
    set ylabel "excess moves + 1 (log scale)"
    unset key
    set style data boxplot
    set style boxplot outliers pointtype 7
    set style fill solid 0.35 border
    set pointsize 0.4
    set xtics ()
    do for [i = 1:m] { eval sprintf("set xtics add (\"%s (n=%d)\" %d)", word(excessive, i), value(sprintf("n_%d", i)), i) }
    set xrange [0.3:m + 0.7]
    # Excess spans from 0 to thousands of moves: the axis is logarithmic, as its label says
    # (it once inherited the exponent format of the figure before on a linear axis).
    set logscale y
    set format y "10^{%L}"
    set output sprintf("%s/excess.%s", outdir, ext)
    plot for [i = 1:m] word(efiles, i) \
        using (i):(solved(word(excessive, i)) && strcol("excess") ne "" ? column("excess") + 1 : NaN) \
        lc rgb word(ecolors, i)
    unset logscale y
    set format y "%g"
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
    set datafile nocolumnheaders
    set output sprintf("%s/bounds.%s", outdir, ext)
    plot sprintf("%s/tradeoff.dat", data) using 2:($3 * 1e6):1 with labels point pt 7 ps 1 \
        offset char 1, char 0.6 left
}

# How each strategy's cost grows with the board: median time and states of solved runs per
# board side (boards in database form: corpus/generated/ holds ladders of 4x4, 5x5 and 6x6).
if (has_sizes) {
    unset offsets
    unset logscale
    set logscale y
    set grid
    set key top left
    set xtics 1
    set format y "%g"
    set xlabel "board side (N x N)"
    set output sprintf("%s/size.%s", outdir, ext)
    set multiplot layout 1, 2 title "Cost against board size: medians over solved runs (boards in database form)"
    set title "time"
    set ylabel "median seconds (log scale)"
    set datafile nocolumnheaders
    plot for [i = 1:n] sprintf("%s/size-%s.dat", data, word(files, i)) using 1:2 \
        with linespoints lw 2 dt dash(i) pt marker(i) lc rgb color(i) title word(solvers, i)
    set title "states expanded"
    set ylabel "median states (log scale)"
    unset key
    plot for [i = 1:n] sprintf("%s/size-%s.dat", data, word(files, i)) using 1:3 \
        with linespoints lw 2 dt dash(i) pt marker(i) lc rgb color(i) notitle
    unset multiplot
    set datafile columnheaders
}
