// GEOS's C API (Debian's libgeos-dev), reentrant functions only: every call takes the
// calling thread's GEOSContextHandle_t (WayfinderIsochrones' ContourBuilder owns one).
#define GEOS_USE_ONLY_R_API
#include <geos_c.h>
