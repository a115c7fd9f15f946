# Makefile -- front door: installs what is missing, configures CMake, builds, runs.
# SPDX-License-Identifier: MIT
#
#   make demo    build warptex and resample an image it generates itself
#   make test    build and run the whole test suite (prints "N passed, M failed")
#   make asan    the test suite built with AddressSanitizer + UndefinedBehaviorSanitizer
#   make tsan    the test suite built with ThreadSanitizer
#   make bench   the standard benchmark workloads, every backend, 1 thread and all cores
#   make install PREFIX=/usr/local

BUILD    ?= build
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)
PREFIX   ?= /usr/local
CMAKE_FLAGS ?=
DEBS      = cmake make gcc g++ pkg-config libsimde-dev libstb-dev libcmocka-dev

.PHONY: all deps build demo test test-backends bench asan tsan install clean

all: build

# Install the Debian packages that are missing (as root: apt-get update first).
deps:
	@missing=""; for p in $(DEBS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "warptex: installing$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null; then SUDO=sudo; \
	  else echo "warptex: need root to apt-get install$$missing" >&2; exit 1; fi; \
	  $$SUDO apt-get update && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y --no-install-recommends $$missing; \
	fi

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWT_WERROR=ON $(CMAKE_FLAGS)

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	@mkdir -p out
	$(BUILD)/warptex info
	$(BUILD)/warptex demo-image out/demo-input.png --size 512x512
	$(BUILD)/warptex resample out/demo-input.png out/demo-output.png --scale 0.37 --rotate 30 --filter linear --mipmaps
	@echo "demo: input  $(CURDIR)/out/demo-input.png"
	@echo "demo: result $(CURDIR)/out/demo-output.png"

test: build
	@.ci/ctest-summary $(BUILD) $(JOBS)

bench: build
	$(BUILD)/warptex-bench

# The whole suite once per backend (as libjpeg-turbo does): every backend this
# build and CPU have, forced with WARPTEX_BACKEND, then the NEON backend built
# through SIMDe's portable code on this host (build-neon-emu).  A backend the
# CPU lacks is said, never counted as passed.
test-backends: build
	@for b in scalar avx2 avx512 neon; do \
	  if $(BUILD)/warptex info | grep -q "^backends available:.* $$b\b"; then \
	    echo "== the suite on backend $$b"; \
	    WARPTEX_BACKEND=$$b .ci/ctest-summary $(BUILD) $(JOBS) >/dev/null 2>&1 || { tail -40 $(BUILD)/ctest.log; exit 1; }; \
	    tail -1 $(BUILD)/ctest.log; \
	  else echo "== backend $$b: not compiled in or not usable here (skipped)"; fi; \
	done
	$(MAKE) test BUILD=build-neon-emu CMAKE_FLAGS="-DWT_EMULATED_NEON=ON"
	@echo "== the suite on backend neon (SIMDe portable, emulated)"
	@WARPTEX_BACKEND=neon .ci/ctest-summary build-neon-emu $(JOBS) >/dev/null 2>&1 || { tail -40 build-neon-emu/ctest.log; exit 1; }
	@build-neon-emu/warptex info | grep -q "^backend in use: *neon" || WARPTEX_BACKEND=neon build-neon-emu/warptex info | grep -q "^backend in use: *neon"
	@tail -1 build-neon-emu/ctest.log

asan:
	$(MAKE) test BUILD=build-asan CMAKE_FLAGS="-DWT_SANITIZER=address,undefined -DCMAKE_BUILD_TYPE=Debug"

# ThreadSanitizer over the library's own threads (the OpenMP programs, the
# tool and the benchmark, are left out: libgomp is not instrumented and would
# only report false races).
tsan:
	$(MAKE) test BUILD=build-tsan CMAKE_FLAGS="-DWT_SANITIZER=thread -DWT_BUILD_TOOLS=OFF -DWT_BUILD_BENCH=OFF"

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf build build-asan build-tsan build-clang out
