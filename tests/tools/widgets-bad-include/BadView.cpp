// Fixture of widgets_include_check_rejects: a widget that computes a statistic itself.
#include "stats/Bootstrap.h"
