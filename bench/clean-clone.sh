# Sourced by the bench/*/run.sh scripts: clones the committed HEAD of the repository at ROOT into a
# fresh WORK directory (removed on exit), builds it there, and leaves the shell in the clone with
# COMMIT set to its short hash and WORK/results created.
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
git clone -q "$ROOT" "$WORK/src"
cd "$WORK/src"
COMMIT="$(git rev-parse --short HEAD)"
mvn -B -q -DskipTests package > "$WORK/build.log" 2>&1 || { echo "run.sh: the clean build failed; see $WORK/build.log" >&2; exit 2; }
mkdir -p "$WORK/results"
