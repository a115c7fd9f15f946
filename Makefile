# Makefile -- front door: installs what is missing, configures CMake, builds, runs.
# SPDX-License-Identifier: MIT
#
#   make demo    build warptex and resample an image it generates itself
#   make test    build and run the whole test suite (prints "N passed, M failed")
#   make asan    the test suite built with AddressSanitizer + UndefinedBehaviorSanitizer
#   make tsan    the test suite built with ThreadSanitizer
#   make test-aarch64  the test suite cross-compiled for 64-bit Arm, run under qemu-aarch64
#   make bench   the standard benchmark workloads, every backend, 1 thread and all cores
#   make fuzz    every fuzzer (tests/fuzz) as a libFuzzer binary (clang, ASan+UBSan), FUZZ_SECONDS each
#   make install PREFIX=/usr/local

BUILD    ?= build
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)
PREFIX   ?= /usr/local
CMAKE_FLAGS ?=
# Extra ctest arguments for `make test`: the forced-backend, sanitizer and clang runs give
# -LE once (tests/install.cmake, tests/docs.cmake: what no backend, sanitizer or compiler changes).
CTEST_ARGS ?=
DEBS      = cmake make gcc g++ pkg-config libsimde-dev libstb-dev libcmocka-dev libboost-context-dev clang llvm-dev
# make test-aarch64: Debian's cross compilers and qemu-user, and (multiarch, arm64) the libraries
# the tests and the command link and the arm64 runtime they run on under qemu
# (cmake/toolchain-aarch64-linux-gnu.cmake says why the multiarch runtime).
DEBS_AARCH64 = gcc-aarch64-linux-gnu g++-aarch64-linux-gnu qemu-user \
               libcmocka-dev:arm64 libstb-dev:arm64 pkgconf:arm64 libgomp1:arm64 libstdc++6:arm64 \
               libboost-context1.74.0:arm64
BUILD_AARCH64 ?= build-aarch64
# The backends the aarch64 run must prove it ran: scalar always, neon once src/neon has kernels
# (then it must also be the one chosen by default); until then neon must not be compiled in.
ifneq ($(wildcard src/neon/*.c),)
AARCH64_BACKENDS = --expect scalar --expect neon --default neon
else
AARCH64_BACKENDS = --expect scalar --absent neon --default scalar
endif

.PHONY: all deps deps-aarch64 build demo test test-backends test-aarch64 bench asan tsan fuzz install clean

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

# The arm64 packages need arm64 as a dpkg architecture (multiarch) first.
deps-aarch64: deps
	@if ! dpkg --print-foreign-architectures | grep -qx arm64; then \
	  echo "warptex: dpkg --add-architecture arm64"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null; then SUDO=sudo; \
	  else echo "warptex: need root to dpkg --add-architecture arm64" >&2; exit 1; fi; \
	  $$SUDO dpkg --add-architecture arm64; \
	fi
	@$(MAKE) --no-print-directory deps DEBS="$(DEBS_AARCH64)"

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWT_WERROR=ON $(CMAKE_FLAGS)

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

demo: build
	@mkdir -p out
	$(BUILD)/warptex info
	$(BUILD)/warptex demo-image out/demo-input.png --size 512x512
	$(BUILD)/warptex resample out/demo-input.png out/demo-output.png --scale 0.37 --rotate 30 --filter linear --mipmaps
	$(BUILD)/warptex run examples/ptx/demo.ptx --entry rotate_blur --grid 32,32 --block 16,16 \
	  tex:out/demo-input.png,norm,address=border surf:512x512,out=out/demo-ptx.png i32:512 i32:512 f32:30
	@echo "demo: input  $(CURDIR)/out/demo-input.png"
	@echo "demo: result $(CURDIR)/out/demo-output.png"
	@echo "demo: PTX kernel (examples/ptx/demo.cu) result $(CURDIR)/out/demo-ptx.png"

test: build
	@.ci/ctest-summary $(BUILD) $(JOBS) $(CTEST_ARGS)

bench: build
	$(BUILD)/warptex-bench

# The whole suite once per backend (as libjpeg-turbo does): every backend this
# build and CPU have, forced with WARPTEX_BACKEND, then the NEON backend built
# through SIMDe's portable code on this host (build-neon-emu).  A backend the
# CPU lacks is said, never counted as passed.  The default backend is not forced
# again: `make test` has just run the suite on it.  Tests labelled "once" (the
# install and documentation checks) do not depend on the backend and are left out.
test-backends: build
	@default=$$($(BUILD)/warptex info | sed -n 's/^backend in use: *//p'); \
	for b in scalar avx2 avx512 neon; do \
	  if [ "$$b" = "$$default" ]; then \
	    echo "== backend $$b: the default, which make test ran (not forced again)"; \
	  elif $(BUILD)/warptex info | grep -q "^backends available:.* $$b\b"; then \
	    echo "== the suite on backend $$b"; \
	    WARPTEX_BACKEND=$$b .ci/ctest-summary $(BUILD) $(JOBS) -LE once >/dev/null 2>&1 || { tail -40 $(BUILD)/ctest.log; exit 1; }; \
	    tail -1 $(BUILD)/ctest.log; \
	  else echo "== backend $$b: not compiled in or not usable here (skipped)"; fi; \
	done
	$(MAKE) build BUILD=build-neon-emu CMAKE_FLAGS="-DWT_EMULATED_NEON=ON"
	@echo "== the suite on backend neon (SIMDe portable, emulated)"
	@WARPTEX_BACKEND=neon .ci/ctest-summary build-neon-emu $(JOBS) -LE once >/dev/null 2>&1 || { tail -40 build-neon-emu/ctest.log; exit 1; }
	@build-neon-emu/warptex info | grep -q "^backend in use: *neon" || WARPTEX_BACKEND=neon build-neon-emu/warptex info | grep -q "^backend in use: *neon"
	@tail -1 build-neon-emu/ctest.log

# At -O1, as AddressSanitizer's documentation advises: at -O0 nothing of the SIMD templates is
# inlined and every test program, which links the whole instrumented library, was 70 MB (a tree of
# 8 GB, which once filled CI's disk); at -O1 45 MB (4.7 GB), and the suite runs faster.
asan:
	$(MAKE) test BUILD=build-asan CTEST_ARGS="-LE once" CMAKE_FLAGS="-DWT_SANITIZER=address,undefined -DCMAKE_BUILD_TYPE=Debug \
	  -DCMAKE_C_FLAGS_DEBUG='-g -O1' -DCMAKE_CXX_FLAGS_DEBUG='-g -O1'"

# libFuzzer over each fuzzer's committed corpus (tests/fuzz/corpus/<name>), FUZZ_SECONDS seconds
# each; new inputs go to build-fuzz/new-<name>, the committed corpus is only read.  A crash or a
# sanitizer report fails the target and leaves the reproducer (crash-*) in build-fuzz.
FUZZ_SECONDS ?= 20
FUZZERS = api ptx
fuzz: deps
	@$(MAKE) --no-print-directory deps DEBS="clang libclang-rt-14-dev"
	CC=clang cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWT_LIBFUZZER=ON \
	  -DWT_SANITIZER=address,undefined -DWT_BUILD_TOOLS=OFF -DWT_BUILD_BENCH=OFF
	cmake --build build-fuzz -j$(JOBS) $(foreach f,$(FUZZERS),--target fuzz_$(f)_libfuzzer)
	@for f in $(FUZZERS); do \
	  mkdir -p build-fuzz/new-$$f; \
	  echo "== libFuzzer: fuzz_$$f for $(FUZZ_SECONDS) s over tests/fuzz/corpus/$$f"; \
	  ( cd build-fuzz && ASAN_OPTIONS=allocator_may_return_null=1:detect_leaks=1 \
	    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	    ./fuzz_$${f}_libfuzzer -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	    new-$$f ../tests/fuzz/corpus/$$f > fuzz-$$f.log 2>&1 ) \
	  || { tail -40 build-fuzz/fuzz-$$f.log; echo "fuzz_$$f: FAILED (build-fuzz/fuzz-$$f.log)"; exit 1; }; \
	  grep -E "^stat::number_of_executed_units|^Done" build-fuzz/fuzz-$$f.log | tr '\n' ' '; echo; \
	done

# ThreadSanitizer over the library's own threads (the OpenMP programs, the
# tool and the benchmark, are left out: libgomp is not instrumented and would
# only report false races).
tsan:
	$(MAKE) test BUILD=build-tsan CTEST_ARGS="-LE once" CMAKE_FLAGS="-DWT_SANITIZER=thread -DWT_BUILD_TOOLS=OFF -DWT_BUILD_BENCH=OFF"

# Cross-compiled for aarch64 with the toolchain file; ctest runs every test under qemu-aarch64
# (CMAKE_CROSSCOMPILING_EMULATOR).  Then .ci/check-backends shows, from the arm64 warptex
# command under qemu, which backends are live and that the expected ones ran.  (On an arm64
# machine: the native build and run.)
ifeq ($(shell dpkg --print-architecture 2>/dev/null),arm64)
test-aarch64:
	$(MAKE) test BUILD=$(BUILD_AARCH64)
	@.ci/check-backends $(AARCH64_BACKENDS) -- $(BUILD_AARCH64)/warptex
else
test-aarch64: deps-aarch64
	@test -f $(BUILD_AARCH64)/CMakeCache.txt || \
	  cmake -S . -B $(BUILD_AARCH64) -DCMAKE_TOOLCHAIN_FILE=$(CURDIR)/cmake/toolchain-aarch64-linux-gnu.cmake \
	        -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWT_WERROR=ON $(CMAKE_FLAGS)
	cmake --build $(BUILD_AARCH64) -j $(JOBS)
	@.ci/ctest-summary $(BUILD_AARCH64) $(JOBS)
	@emu=$$(sed -n 's/^WT_QEMU_AARCH64:FILEPATH=//p' $(BUILD_AARCH64)/CMakeCache.txt); \
	 pfx=$$(sed -n 's/^WT_QEMU_LD_PREFIX:PATH=//p' $(BUILD_AARCH64)/CMakeCache.txt); \
	 if [ -z "$$emu" ] || [ ! -x "$$emu" ]; then echo "warptex: no qemu-aarch64 in $(BUILD_AARCH64)" >&2; exit 1; fi; \
	 .ci/check-backends $(AARCH64_BACKENDS) -- "$$emu" -L "$$pfx" $(BUILD_AARCH64)/warptex
endif

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf build build-asan build-tsan build-clang $(BUILD_AARCH64) out
