#include <hb-subset.h>
