#include "pref.h"

int pref_abi_version(void) { return 1; }
