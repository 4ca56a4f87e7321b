# Helpers shared by the benchmark scripts (sourced, not run): a scratch
# directory removed on exit, and the median of a column.
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# median COLUMN FILE
median() {
    awk -v c="$1" '{ print $c }' "$2" | sort -g | awk '{ v[NR] = $1 } END {
        if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
