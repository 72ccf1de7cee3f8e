# columns.awk -- prints chosen columns of a CSV (quoted fields allowed) separated by tabs,
# without the header. Usage: awk -v cols=1,4,13 -f plots/columns.awk results.csv
BEGIN { ncols = split(cols, want, ",") }
NR == 1 { next }
{
    n = 0; field = ""; quoted = 0
    line = $0
    for (i = 1; i <= length(line); i++) {
        c = substr(line, i, 1)
        if (quoted) {
            if (c == "\"" && substr(line, i + 1, 1) == "\"") { field = field c; i++ }
            else if (c == "\"") quoted = 0
            else field = field c
        } else if (c == "\"") quoted = 1
        else if (c == ",") { cell[++n] = field; field = "" }
        else field = field c
    }
    cell[++n] = field
    out = ""
    for (k = 1; k <= ncols; k++) out = out (k > 1 ? "\t" : "") cell[want[k]]
    print out
}
