# For a suite still at tests/test_X.sh (sourcing "$(dirname "$0")/shlib.sh"):
# the helpers are tests/lib/shlib.sh. Move the suite into the folder of
# what it tests (tests/README.md) and source ../lib/shlib.sh instead.
. "$(dirname "$0")/lib/shlib.sh"
