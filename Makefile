# Build and install names-search: the fast release binary (the Swift runtime linked
# statically, as README's set-up builds it), its manual page and its bash, zsh and fish
# completion scripts, which the binary makes from its own option table.
#
#   make                      build the release binary
#   make install              install under PREFIX (default /usr/local)
#   make install PREFIX=$HOME/.local
#   make install DESTDIR=/tmp/stage PREFIX=/usr   stage for a package
#   make uninstall            remove what install put there (same PREFIX and DESTDIR)
#
# Paths follow Debian's layout: PREFIX/bin, PREFIX/share/man/man1,
# PREFIX/share/bash-completion/completions, PREFIX/share/zsh/site-functions (with
# PREFIX=/usr, Debian's zsh looks in /usr/share/zsh/vendor-completions instead) and
# PREFIX/share/fish/vendor_completions.d. Every file is written to a temporary name beside
# its place and renamed, so an interrupted install leaves no partial file.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
INSTALL ?= install

BUILD_FLAGS = -c release --static-swift-stdlib
# SwiftPM decides what to rebuild. (It runs every command again when the environment
# differs from the last build's, make's own variables included, and the release build of
# the built-in list's generated source takes about 90 s of that.)
SWIFT_BUILD = $(SWIFT) build
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/$(if $(filter /usr /usr/,$(PREFIX)),vendor-completions,site-functions)
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

# The generated manual and scripts, made by the built binary.
EXTRAS = .build/install-extras

.PHONY: all build install uninstall

all: build

build:
	$(SWIFT_BUILD) $(BUILD_FLAGS)

install: build
	@set -e; \
	binary="$$($(SWIFT_BUILD) $(BUILD_FLAGS) --show-bin-path)/names-search"; \
	rm -rf $(EXTRAS) && mkdir -p $(EXTRAS); \
	made() { env -u NAMES_SEARCH_DEFAULT_OPTS -u NAMES_SEARCH_FILE "$$binary" "$$@"; }; \
	made --generate-manual > $(EXTRAS)/names-search.1; \
	made --generate-completion-script bash > $(EXTRAS)/names-search.bash; \
	made --generate-completion-script zsh > $(EXTRAS)/_names-search; \
	made --generate-completion-script fish > $(EXTRAS)/names-search.fish; \
	put() { $(INSTALL) -d "$$3" && $(INSTALL) -m "$$1" "$$2" "$$3/.$$4.tmp" && mv -f "$$3/.$$4.tmp" "$$3/$$4"; }; \
	put 755 "$$binary" "$(BINDIR)" names-search; \
	put 644 $(EXTRAS)/names-search.1 "$(MANDIR)" names-search.1; \
	put 644 $(EXTRAS)/names-search.bash "$(BASHDIR)" names-search; \
	put 644 $(EXTRAS)/_names-search "$(ZSHDIR)" _names-search; \
	put 644 $(EXTRAS)/names-search.fish "$(FISHDIR)" names-search.fish; \
	echo "installed names-search, its manual and completions under $(DESTDIR)$(PREFIX)"

uninstall:
	rm -f "$(BINDIR)/names-search" "$(MANDIR)/names-search.1" "$(BASHDIR)/names-search" \
	  "$(ZSHDIR)/_names-search" "$(FISHDIR)/names-search.fish"
