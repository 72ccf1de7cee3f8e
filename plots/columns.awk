# columns.awk -- prints the named columns of a CSV (quoted fields allowed) separated by tabs,
# without the header, so that scripts never depend on where a column stands.
# Usage: awk -v cols=solver,status,seconds -f plots/columns.awk results.csv
BEGIN { ncols = split(cols, name, ",") }
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
    if (NR == 1) {
        for (k = 1; k <= ncols; k++) {
            for (i = 1; i <= n && cell[i] != name[k]; i++) ;
            if (i > n) { print "columns.awk: no column " name[k] > "/dev/stderr"; exit 2 }
            want[k] = i
        }
        next
    }
    out = ""
    for (k = 1; k <= ncols; k++) out = out (k > 1 ? "\t" : "") cell[want[k]]
    print out
}
