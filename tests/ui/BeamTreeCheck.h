#pragma once

#include <QList>

#include <algorithm>

#include "ui/attention/BeamExplorer.h"

namespace studio::test {

// How many nodes of the beam tree's winning path, from the root on, are
// drawn inside the view; nodes further along may run off it, never those
// before. -1 when a node is shown after one that is not (the path's start
// off screen) or the root is not shown.
inline int winnersPathShown(const studio::ui::BeamTreeView& view) {
  QList<int> path(view.winner().begin(), view.winner().end());
  std::sort(path.begin(), path.end(),
            [&](int a, int b) { return view.nodeCentre(a).x() < view.nodeCentre(b).x(); });
  const QRect visible = view.viewport()->rect();
  int shown = 0;
  bool gap = false;
  for (int node : path) {
    const bool inside = visible.contains(view.mapFromScene(view.nodeCentre(node)));
    if (inside && gap) return -1;
    if (inside) ++shown;
    gap = gap || !inside;
  }
  return shown;
}

}  // namespace studio::test
