#pragma once

#include <QList>
#include <QString>
#include <QVector>

#include "app/explorer/ProbeHistory.h"

// The logit lens over training, from a run's probe records: at each recorded
// step, the probe sentences' lenses summed up block by block as the
// explorer's dev summary is (model::lensOverTraining): how often the piece
// that came next was already the likeliest after that block, its mean
// probability there and its median rank. One sees where in the decoder, and
// when in training, the words come to be decided.
namespace studio::app {

enum class LensStatistic { Top1Share, MeanProbability, MedianRank };

struct LensTimeline {
  QList<qint64> steps;                // the recorded steps with a lens, ascending
  int stages = 0;                     // 3 a decoder layer: self-attention, cross-attention, feed-forward
  QVector<int> sentences, positions;  // [step]: the probe sentences and their positions summed up
  QVector<double> top1Share, meanProbability, medianRank;  // [stage][step], row-major
  bool isEmpty() const { return steps.isEmpty(); }
  double value(LensStatistic statistic, int stage, int step_index) const;
  // step,layer,block,sentences,positions,next_top1_share,mean_next_probability,median_next_rank:
  // a line a step and block (the CLI's `timelapse --lens` writes the same columns).
  QString toCsv() const;
};

// Over the records of every probe sentence with the reference (own =
// false: teacher-forced, the same pieces at every step) or the model's own
// translation of each step. Records without a lens (a probes.rec of
// version 1) are left out: such a run gives an empty timeline.
LensTimeline lensTimeline(const ProbeHistory& history, bool own);

}  // namespace studio::app
