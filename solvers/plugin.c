/* plugin.c -- loading a plugin's solvers (plugin.h). */
#include "solvers/plugin.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "solvers/registry.h"

/* What s lacks to solve the families it names: NULL, or why. */
static const char *missing_entry(const solver *s)
{
    if (!s->solve) return "no solve function";
    if (!s->families) return "no family (its families are 0: name them with FAMILY_BIT)";
    if (s->families & ~FAMILY_ALL) return "a family this program does not know";
    return NULL;
}

int plugin_load(const char *path, char *err)
{
    /* A path without a '/' would be looked up in the library path, not the current folder. */
    char local[4096];
    snprintf(local, sizeof local, "%s%s", strchr(path, '/') ? "" : "./", path);
    void *handle = dlopen(local, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        snprintf(err, PLUGIN_ERR_MAX, "%s: not a plugin: %s", path, dlerror());
        return -1;
    }
    const unblock_plugin_info *info = dlsym(handle, "unblock_plugin");
    if (!info) {
        snprintf(err, PLUGIN_ERR_MAX, "%s: no 'unblock_plugin' symbol (UNBLOCK_PLUGIN in "
                 "plugin.h defines it)", path);
        dlclose(handle);
        return -1;
    }
    if (info->abi_version != UNBLOCK_ABI_VERSION || info->solver_size != sizeof(solver)) {
        snprintf(err, PLUGIN_ERR_MAX, "%s: built for ABI version %d, this program has version "
                 "%d: build it again against this version's headers", path, info->abi_version,
                 UNBLOCK_ABI_VERSION);
        dlclose(handle);
        return -1;
    }
    char why[REGISTRY_ERR_MAX];
    for (int k = 0; k < info->count; k++) {   /* every name checked before any is added */
        const solver *s = info->solvers[k];
        bool twice = false;
        for (int j = 0; j < k; j++) twice |= strcmp(info->solvers[j]->name, s->name) == 0;
        const char *missing = missing_entry(s);
        if (missing || twice || registry_check(s->name, why)) {
            snprintf(err, PLUGIN_ERR_MAX, "%s: solver %d: %s", path, k + 1,
                     missing ? missing : twice ? "its name is there twice" : why);
            dlclose(handle);
            return -1;
        }
    }
    for (int k = 0; k < info->count; k++) registry_add(info->solvers[k], SOLVER_PLUGIN, path, why);
    return 0;   /* the handle stays open for the program's life: its solvers are in use */
}
