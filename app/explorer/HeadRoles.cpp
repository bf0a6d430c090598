#include "app/explorer/HeadRoles.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace studio::app {

using Kind = AttentionView::Kind;

QString headRoleName(HeadRole role) {
  switch (role) {
    case HeadRole::Mixed: return QCoreApplication::translate("HeadRoles", "mixed");
    case HeadRole::Sink: return QCoreApplication::translate("HeadRoles", "sink (end token)");
    case HeadRole::PreviousToken: return QCoreApplication::translate("HeadRoles", "previous token");
    case HeadRole::NextToken: return QCoreApplication::translate("HeadRoles", "next token");
    case HeadRole::SameToken: return QCoreApplication::translate("HeadRoles", "same token");
    case HeadRole::Diagonal: return QCoreApplication::translate("HeadRoles", "diagonal alignment");
    case HeadRole::Punctuation: return QCoreApplication::translate("HeadRoles", "punctuation");
    case HeadRole::RareWords: return QCoreApplication::translate("HeadRoles", "rare words");
    case HeadRole::Broad: return QCoreApplication::translate("HeadRoles", "broad");
  }
  return {};
}

QList<HeadRole> allHeadRoles() {
  return {HeadRole::Mixed,    HeadRole::Sink,        HeadRole::PreviousToken, HeadRole::NextToken, HeadRole::SameToken,
          HeadRole::Diagonal, HeadRole::Punctuation, HeadRole::RareWords,     HeadRole::Broad};
}

QStringList roleRules(const RoleThresholds& t) {
  auto tr = [](const char* text) { return QCoreApplication::translate("HeadRoles", text); };
  return {tr("sink: at least %1 of its attention on the end token (</s>; <s> in decoder self-attention)").arg(t.sink),
          tr("previous token: self-attention, at least %1 on the key just before").arg(t.positional),
          tr("next token: encoder self-attention, at least %1 on the key just after").arg(t.positional),
          tr("same token: self-attention, at least %1 on its own position").arg(t.same),
          tr("diagonal alignment: cross-attention, at least %1 within one key of the scaled diagonal").arg(t.diagonal),
          tr("punctuation: at least %1 on punctuation, and %2 times its share of the keys").arg(t.focus).arg(t.lift),
          tr("rare words: at least %1 on pieces of words SentencePiece splits, and %2 times their share")
              .arg(t.focus)
              .arg(t.lift),
          tr("broad: entropy at least %1 of the most possible").arg(t.broad),
          tr("mixed: none of these; the first rule that holds wins"),
          tr("dead (from Rank heads): switching it off moves dev BLEU by less than %1 and the loss by less than %2 %")
              .arg(t.dead_bleu)
              .arg(t.dead_loss * 100)};
}

HeadRole classifyHead(Kind kind, const HeadMeasures& s, const RoleThresholds& t, double* evidence) {
  auto give = [evidence](HeadRole role, double value) {
    if (evidence) *evidence = value;
    return role;
  };
  const bool self = kind != Kind::Cross;
  if (s.end >= t.sink) return give(HeadRole::Sink, s.end);
  if (self && s.previous >= t.positional) return give(HeadRole::PreviousToken, s.previous);
  if (kind == Kind::EncoderSelf && s.next >= t.positional) return give(HeadRole::NextToken, s.next);
  if (self && s.same >= t.same) return give(HeadRole::SameToken, s.same);
  if (!self && s.band >= t.diagonal) return give(HeadRole::Diagonal, s.band);
  if (s.punctuation >= t.focus && s.punctuation >= t.lift * s.punctuation_share)
    return give(HeadRole::Punctuation, s.punctuation);
  if (s.split >= t.focus && s.split >= t.lift * s.split_share) return give(HeadRole::RareWords, s.split);
  if (s.spread >= t.broad) return give(HeadRole::Broad, s.spread);
  return give(HeadRole::Mixed, std::max({s.end, s.previous, s.next, s.same, s.band, s.punctuation, s.split}));
}

bool readHeadRanking(const QString& run_dir, const RoleThresholds& t, HeadRoleTimeline& timeline) {
  QFile file(QDir(run_dir).filePath("head-importance.json"));
  if (!file.open(QIODevice::ReadOnly)) return false;
  const auto json = QJsonDocument::fromJson(file.readAll()).object();
  const double loss = json["loss"].toDouble();
  timeline.dead.fill(false, timeline.rows.size());
  bool any = false;
  for (const auto& value : json["heads"].toArray()) {
    const auto h = value.toObject();
    const QString kind = h["kind"].toString();
    const Kind k = kind == "enc" ? Kind::EncoderSelf : kind == "dec" ? Kind::DecoderSelf : Kind::Cross;
    for (int r = 0; r < timeline.rows.size(); ++r) {
      const auto& row = timeline.rows[r];
      if (row.kind != k || row.layer != h["layer"].toInt() || row.head != h["head"].toInt()) continue;
      timeline.dead[r] = std::abs(h["bleu_drop"].toDouble()) < t.dead_bleu &&
                         std::abs(h["loss_rise"].toDouble()) < t.dead_loss * std::max(loss, 1e-9);
      any = true;
    }
  }
  timeline.ranked = any;
  timeline.rankingModel = json["model"].toString();
  return any;
}

HeadRoleTimeline headRoles(const ProbeHistory& history, bool own, const RoleThresholds& thresholds) {
  HeadRoleTimeline out;
  using S = HeadStatistic;
  const QList<S> needed{S::EndToken,    S::PreviousToken, S::NextToken,  S::Diagonal,
                        S::DiagonalBand, S::Punctuation,  S::SplitWords, S::NormalizedEntropy,
                        S::PunctuationShare, S::SplitWordShare};
  QList<HeadTimeline> statistics;
  for (S s : needed) statistics << headTimeline(history, s, own);
  const HeadTimeline& shape = statistics.front();
  out.steps = shape.steps;
  out.rows = shape.rows;
  const int columns = int(out.steps.size()), rows = int(out.rows.size());
  out.roles.fill(HeadRole::Mixed, qsizetype(rows) * columns);
  out.evidence.fill(0.0, out.roles.size());
  out.settled.fill(0, rows);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < columns; ++c) {
      HeadMeasures s;
      s.end = statistics[0].value(r, c);
      s.previous = statistics[1].value(r, c);
      s.next = statistics[2].value(r, c);
      s.same = statistics[3].value(r, c);
      s.band = statistics[4].value(r, c);
      s.punctuation = statistics[5].value(r, c);
      s.split = statistics[6].value(r, c);
      s.spread = statistics[7].value(r, c);
      s.punctuation_share = statistics[8].value(r, c);
      s.split_share = statistics[9].value(r, c);
      double evidence = 0;
      out.roles[r * columns + c] = classifyHead(out.rows[r].kind, s, thresholds, &evidence);
      out.evidence[r * columns + c] = evidence;
    }
    int since = columns - 1;
    while (since > 0 && out.role(r, since - 1) == out.role(r, columns - 1)) --since;
    out.settled[r] = std::max(0, since);
  }
  if (!history.runDir().isEmpty()) readHeadRanking(history.runDir(), thresholds, out);
  return out;
}

}  // namespace studio::app
