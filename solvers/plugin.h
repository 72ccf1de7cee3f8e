/* plugin.h -- solvers built out of tree, loaded into the harness's process: the ABI a plugin
 * exports, and the loader (docs/external.md, "Plugins").
 *
 * A plugin is a shared object that exports one symbol, `unblock_plugin`, an unblock_plugin_info
 * giving the ABI version it was built against and its solver table. Each solver is the same
 * descriptor as a built-in's (search/solver.h), so it runs under the same budgets, counters and
 * measurement, and its answers are judged the same way. In a plugin:
 *
 *     #include <unblock.h>
 *     static const solver greedy = {"greedy", "greedy best-first", GUARANTEE_NONE, true,
 *                                   greedy_solve, NULL, 0, FAMILY_BIT(FAMILY_RUSH)};
 *     UNBLOCK_PLUGIN("greedy", &greedy);
 *
 * The ABI is the layout of the structures in search/solver.h and of board (rush/board.h),
 * and the meaning of their fields; any change to them raises UNBLOCK_ABI_VERSION.
 */
#ifndef PLUGIN_H
#define PLUGIN_H

#include "search/solver.h"

#define UNBLOCK_ABI_VERSION 9
#define PLUGIN_ERR_MAX 512

typedef struct {
    int abi_version;              /* UNBLOCK_ABI_VERSION of the headers it was built with */
    unsigned solver_size;         /* sizeof(solver) as it was built */
    const char *name;             /* the plugin's name */
    const solver *const *solvers; /* its solvers */
    int count;
} unblock_plugin_info;

/* Defines the exported symbol: the plugin's name and its solvers (pointers to solver). */
#define UNBLOCK_PLUGIN(NAME, ...)                                                             \
    static const solver *const unblock_plugin_solvers_[] = {__VA_ARGS__};                     \
    __attribute__((visibility("default"))) const unblock_plugin_info unblock_plugin = {       \
        UNBLOCK_ABI_VERSION, (unsigned)sizeof(solver), NAME, unblock_plugin_solvers_,         \
        (int)(sizeof unblock_plugin_solvers_ / sizeof *unblock_plugin_solvers_)}

/* Loads the plugin at path and adds its solvers to the registry. Returns 0, or -1 with one
 * line in err (PLUGIN_ERR_MAX bytes): not a shared object, no unblock_plugin symbol, another
 * ABI version, or a solver whose name is not valid or is taken. */
int plugin_load(const char *path, char *err);

#endif
