#pragma once

#include <QList>
#include <QString>
#include <QVector>

#include "app/explorer/HeadStatistics.h"

// What each head does at each recorded step of a run, as a role read from
// the probe records (HeadStatistics.h, the mean over the probe sentences),
// and when it took it. The rules, first match wins:
//
//   sink            at least `sink` of its attention on the end token (</s>;
//                   <s> in decoder self-attention)
//   previous token  self-attention: at least `positional` on the key just before
//   next token      encoder self-attention: at least `positional` on the key just after
//   same token      self-attention: at least `same` on its own position
//   diagonal        cross-attention: at least `diagonal` within one key of the
//                   source position scaled to the query's (monotone alignment)
//   punctuation     at least `focus` on punctuation keys, and at least `lift`
//                   times their share of the keys (what attending at random gives)
//   rare words      the same on pieces of words SentencePiece splits (a word
//                   it writes in several pieces is rare in its training data;
//                   in decoder self-attention: the word being written)
//   broad           entropy at least `broad` of the most it could be (log2 of the keys it sees)
//   mixed           none of these
//
// "Dead" comes from the run's head ranking (head-importance.json, written by
// Rank heads or `attention-studio-cli heads`), not from the records: a head
// whose removal moves dev BLEU by less than `dead_bleu` and the loss by less
// than `dead_loss` of itself.
namespace studio::app {

enum class HeadRole { Mixed, Sink, PreviousToken, NextToken, SameToken, Diagonal, Punctuation, RareWords, Broad };

struct RoleThresholds {
  double sink = 0.5;
  double positional = 0.4;
  double same = 0.5;
  double diagonal = 0.5;
  double focus = 0.4;
  double lift = 2.0;
  double broad = 0.85;
  double dead_bleu = 0.1;    // BLEU points
  double dead_loss = 0.001;  // share of the loss
};

QString headRoleName(HeadRole role);  // translated, e.g. "previous token"
QList<HeadRole> allHeadRoles();
// The rules with these thresholds, a line each (translated), for the view's legend.
QStringList roleRules(const RoleThresholds& t);

struct HeadRoleTimeline {
  QList<qint64> steps;
  QList<HeadTimeline::Row> rows;
  QVector<HeadRole> roles;   // rows × steps, row-major
  QVector<double> evidence;  // the statistic that gave the role (mixed: the largest weight statistic)
  // For each row: the index of the step from which its role stays the same
  // to the last step (0: it never changed).
  QVector<int> settled;
  // From the run's head ranking, when there is one: each row dead or not.
  bool ranked = false;
  QString rankingModel;
  QVector<bool> dead;

  HeadRole role(int row, int step_index) const { return roles[row * int(steps.size()) + step_index]; }
  double strength(int row, int step_index) const { return evidence[row * int(steps.size()) + step_index]; }
};

// The roles of every head at every step every probe was recorded at.
HeadRoleTimeline headRoles(const ProbeHistory& history, bool own, const RoleThresholds& thresholds = {});

// The role of one head from its statistics (exposed for tests).
struct HeadMeasures {
  double end = 0, previous = 0, next = 0, same = 0, band = 0, punctuation = 0, split = 0, spread = 0;
  double punctuation_share = 0, split_share = 0;  // chance levels of the two before
};
HeadRole classifyHead(AttentionView::Kind kind, const HeadMeasures& s, const RoleThresholds& t,
                      double* evidence = nullptr);

// Reads RUN_DIR/head-importance.json into `timeline` (ranked, dead); false when there is none.
bool readHeadRanking(const QString& run_dir, const RoleThresholds& t, HeadRoleTimeline& timeline);

}  // namespace studio::app
