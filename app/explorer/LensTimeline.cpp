#include "app/explorer/LensTimeline.h"

#include <utility>
#include <vector>

#include "app/SnapshotView.h"
#include "model/explaining/LogitLens.h"

namespace studio::app {

double LensTimeline::value(LensStatistic statistic, int stage, int step_index) const {
  const int i = stage * int(steps.size()) + step_index;
  switch (statistic) {
    case LensStatistic::Top1Share:
      return top1Share.value(i);
    case LensStatistic::MeanProbability:
      return meanProbability.value(i);
    case LensStatistic::MedianRank:
      return medianRank.value(i);
  }
  return 0;
}

QString LensTimeline::toCsv() const {
  static const char* const blocks[] = {"self-attention", "cross-attention", "feed-forward"};
  QString text =
      "step,layer,block,sentences,positions,next_top1_share,mean_next_probability,median_next_rank\n";
  for (int c = 0; c < steps.size(); ++c)
    for (int r = 0; r < stages; ++r)
      text += QString("%1,%2,%3,%4,%5,%6,%7,%8\n")
                  .arg(steps[c])
                  .arg(r / 3 + 1)
                  .arg(blocks[r % 3])
                  .arg(sentences[c])
                  .arg(positions[c])
                  .arg(value(LensStatistic::Top1Share, r, c), 0, 'g', 9)
                  .arg(value(LensStatistic::MeanProbability, r, c), 0, 'g', 9)
                  .arg(value(LensStatistic::MedianRank, r, c), 0, 'g', 9);
  return text;
}

LensTimeline lensTimeline(const ProbeHistory& history, bool own) {
  // Each frame's lens as the engine's, then the engine sums them up step by step.
  std::vector<model::DecoderLens> lenses;
  std::vector<int64_t> at;
  for (int probe : history.probes())
    for (qint64 step : history.steps(probe, own)) {
      const ProbeFrame* frame = history.frame(probe, own, step);
      if (!frame || frame->step != step || !frame->view.hasLens()) continue;
      lenses.push_back(lensOf(frame->view));
      at.push_back(step);
    }
  std::vector<std::pair<int64_t, const model::DecoderLens*>> pairs;
  for (size_t i = 0; i < lenses.size(); ++i) pairs.emplace_back(at[i], &lenses[i]);
  const auto summed = model::lensOverTraining(pairs);

  LensTimeline timeline;
  if (summed.empty()) return timeline;
  timeline.stages = int(summed.front().summary.stages);
  const int columns = int(summed.size());
  for (auto* values : {&timeline.top1Share, &timeline.meanProbability, &timeline.medianRank})
    values->fill(0.0, timeline.stages * columns);
  for (int c = 0; c < columns; ++c) {
    const auto& s = summed[size_t(c)].summary;
    timeline.steps << summed[size_t(c)].step;
    timeline.sentences << int(s.sentences);
    timeline.positions << int(s.steps);
    for (int r = 0; r < timeline.stages && r < int(s.stages); ++r) {
      timeline.top1Share[r * columns + c] = s.top1_share[size_t(r)];
      timeline.meanProbability[r * columns + c] = s.mean_probability[size_t(r)];
      timeline.medianRank[r * columns + c] = s.median_rank[size_t(r)];
    }
  }
  return timeline;
}

}  // namespace studio::app
