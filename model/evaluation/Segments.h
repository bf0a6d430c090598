#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace studio::model {

// Adds every hypothesis and its reference to `stats` (a metric's sufficient
// statistics: BleuStats, ChrfStats, TerStats), segment by segment. Throws
// std::invalid_argument when the counts differ, or naming the 1-based line
// whose text the metric refused (not UTF-8).
template <typename Stats>
void addSegments(Stats& stats, const std::vector<std::string>& hypotheses, const std::vector<std::string>& references) {
  if (hypotheses.size() != references.size())
    throw std::invalid_argument("there are " + std::to_string(hypotheses.size()) + " hypotheses but " +
                                std::to_string(references.size()) + " references");
  for (size_t i = 0; i < hypotheses.size(); ++i) {
    try {
      stats.add(hypotheses[i], references[i]);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("line " + std::to_string(i + 1) + ": " + e.what());
    }
  }
}

}  // namespace studio::model
