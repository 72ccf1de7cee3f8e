// gbench_shim.cc -- the C interface of bench/micro.h over Google Benchmark's C++ API.
#include <benchmark/benchmark.h>

#include <cstring>
#include <string>

#include "bench/micro.h"

// micro_state is never defined: a micro_state* is a benchmark::State* under another name.
static benchmark::State &state_of(micro_state *s) { return *reinterpret_cast<benchmark::State *>(s); }
static const benchmark::State &state_of(const micro_state *s)
{
    return *reinterpret_cast<const benchmark::State *>(s);
}

extern "C" void micro_register(const char *name, micro_fn fn, const void *arg)
{
    benchmark::RegisterBenchmark(std::string(name).c_str(), [fn, arg](benchmark::State &st) {
        fn(reinterpret_cast<micro_state *>(&st), arg);
    });
}

extern "C" bool micro_keep_running(micro_state *s) { return state_of(s).KeepRunning(); }
extern "C" int64_t micro_iterations(const micro_state *s) { return state_of(s).iterations(); }
extern "C" void micro_set_items_processed(micro_state *s, int64_t items)
{
    state_of(s).SetItemsProcessed(items);
}
extern "C" void micro_set_label(micro_state *s, const char *label) { state_of(s).SetLabel(label); }
extern "C" void micro_pause(micro_state *s) { state_of(s).PauseTiming(); }
extern "C" void micro_resume(micro_state *s) { state_of(s).ResumeTiming(); }
extern "C" void micro_keep(uint64_t value) { benchmark::DoNotOptimize(value); }

extern "C" int micro_main(int argc, char **argv)
{
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 2;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
