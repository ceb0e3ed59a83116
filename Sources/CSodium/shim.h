// The one C header the reference implementation sees: Debian's libsodium (1.0.18).
#include <sodium.h>
