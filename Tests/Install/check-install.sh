#!/usr/bin/env bash
# `make install` into a temporary DESTDIR, then the installed files are checked and used:
# the installed binary searches the built-in list (its count of names containing "ann" is
# computed here from Resources/sortednames.plist with Python's plistlib, independently of
# the tool) and loads no shared object that Package.swift links from an archive, the manual
# renders with `man -l` and passes `mandoc -Tlint`, and the bash
# completion, sourced from where it was installed, completes `--col` to `--color`. Then
# `make uninstall` must remove every file it put there. CI runs it (.ci/run); it needs make,
# python3, man (man-db) and mandoc.
set -euo pipefail
cd "$(dirname "$0")/../.."

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
# A broken default in the user's environment must not stop the install (the binary makes the
# manual and completions).
NAMES_SEARCH_DEFAULT_OPTS='--bogus "' make --no-print-directory install DESTDIR="$stage" PREFIX=/usr >/dev/null

fail() { echo "check-install: $*" >&2; exit 1; }
expected_files=(
  usr/bin/names-search
  usr/share/man/man1/names-search.1
  usr/share/bash-completion/completions/names-search
  usr/share/zsh/vendor-completions/_names-search
  usr/share/fish/vendor_completions.d/names-search.fish
)
for file in "${expected_files[@]}"; do
  [ -f "$stage/$file" ] || fail "make install did not install $file"
done
[ -x "$stage/usr/bin/names-search" ] || fail "the installed binary is not executable"
# Debian's zsh looks for completions there (its fpath), and the manual is whole.
zsh -fc 'print -l $fpath' | grep -qx /usr/share/zsh/vendor-completions \
  || fail "zsh's fpath lacks /usr/share/zsh/vendor-completions"
grep -q '^\.Sh EXAMPLES' "$stage/usr/share/man/man1/names-search.1" || fail "the manual is cut short"
leftovers=$(find "$stage" -name '.*.tmp')
[ -z "$leftovers" ] || fail "temporary files left: $leftovers"

# README's build loads no C++ runtime, ICU, libxml2 or SQLite shared object at start
# (Package.swift links them from their archives: issue 14's start-up).
loaded=$(ldd "$stage/usr/bin/names-search")
if grep -Eq 'libstdc\+\+\.so|libicu|libxml2\.so|libsqlite3\.so|libswiftCore\.so' <<<"$loaded"; then
  fail "the installed binary loads shared objects it links statically: $loaded"
fi

# The installed binary runs, on its built-in list, with nothing from the user's defaults.
count=$(env -u NAMES_SEARCH_DEFAULT_OPTS -u NAMES_SEARCH_FILE "$stage/usr/bin/names-search" --count ann)
reference=$(python3 - <<'PY'
import plistlib, unicodedata
with open("Resources/sortednames.plist", "rb") as f:
    sections = plistlib.load(f)
def folded(text):
    text = unicodedata.normalize("NFD", text.casefold())
    return "".join(c for c in text if not unicodedata.combining(c))
print(sum(1 for names in sections.values() for name in names if "ann" in folded(name)))
PY
)
[ "$count" = "$reference" ] || fail "installed binary counts $count names with 'ann', plistlib $reference"

# The manual: lint-clean and rendered by man.
# (Warnings and errors: at style level mandoc also looks up the SEE ALSO pages in the
# system's mandoc.db, which names no rg or fzf on a machine without them.)
lint=$(mandoc -Tlint -Wwarning "$stage/usr/share/man/man1/names-search.1" 2>&1) \
  || fail "mandoc -Tlint: $lint"
[ -z "$lint" ] || fail "mandoc -Tlint: $lint"
rendered=$(MANWIDTH=80 man -l "$stage/usr/share/man/man1/names-search.1" 2>/dev/null)
grep -q "NAMES-SEARCH(1)" <<<"$rendered" || fail "man -l did not render the manual's title"
grep -q -- "--generate-completion-script" <<<"$rendered" || fail "the rendered manual lacks an option"

# The bash completion as installed.
completion=$(bash --norc -c '
  source "$1"
  complete -p names-search >/dev/null
  COMP_WORDS=(names-search --col); COMP_CWORD=1
  _names_search
  printf "%s\n" "${COMPREPLY[@]}"' _ "$stage/usr/share/bash-completion/completions/names-search")
[ "$completion" = "--color" ] || fail "the installed bash completion gives '$completion' for --col"

make --no-print-directory uninstall DESTDIR="$stage" PREFIX=/usr >/dev/null
left=$(find "$stage" -type f)
[ -z "$left" ] || fail "make uninstall left: $left"
echo "check-install: make install, the installed binary, manual and completion, make uninstall: ok"
