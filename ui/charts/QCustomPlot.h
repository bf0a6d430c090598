#pragma once

// qcustomplot.h says `signals:` and `foreach`, which QT_NO_KEYWORDS (needed
// project-wide because LibTorch uses the identifier `slots`) switches off.
// Include QCustomPlot only through this header.
#define signals Q_SIGNALS
#define foreach Q_FOREACH
#include <qcustomplot.h>
#undef foreach
#undef signals
