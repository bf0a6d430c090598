#pragma once

#include <QVector>
#include <QWidget>

#include "app/translation/TranslationService.h"

class QComboBox;
class QLabel;

namespace studio::ui {

// Which source words produced a target word, under the cursor: the sentence
// and its translation as words; hovering a target word shades the source
// words by its cross-attention, hovering a source word shades the target
// words that attended to it. The weights are a chosen layer and head, the
// mean over heads (of the last layer or of all), or the most focused head
// (the lowest mean entropy over the translation's steps). Pieces are merged
// into words: a target word's weight is the mean over its pieces' steps, a
// source word's the sum over its pieces.
//
// Under them, each target word's source reliance: how much its prediction
// drew on the source rather than on the words before it (ALTI+, computed by
// the engine), the mean over its pieces. Low values flag words, and a low
// mean the whole translation, as likely made up rather than translated.
class AlignmentView : public QWidget {
  Q_OBJECT

 public:
  explicit AlignmentView(QWidget* parent = nullptr);

  // The cross-attention of the shown translation (TranslationReply::alignment).
  void setAlignment(const app::AttentionView& view);
  void clear();

  QStringList sourceWords() const { return source_words_; }
  QStringList targetWords() const { return target_words_; }
  // weights[target word][source word] for the chosen heads.
  QVector<QVector<double>> wordWeights() const { return weights_; }
  // Index into the choices: 0 mean of the last layer, 1 mean of every layer,
  // 2 the most focused head, then every (layer, head).
  void setChoice(int index);
  QString choiceText() const;

  // What hovering does (-1 = nothing hovered).
  void hoverTarget(int word);
  void hoverSource(int word);
  // The shading of the hovered word's counterparts, 0..1 each (tests).
  QVector<double> shownSourceShades() const { return source_shades_; }
  QVector<double> shownTargetShades() const { return target_shades_; }

  QLabel* sourceLabel() const { return source_label_; }
  QLabel* targetLabel() const { return target_label_; }

  // Each target word's share of the source, 0..1 (empty when the engine did
  // not compute it), their mean, and the words and translations called low.
  QVector<double> wordReliance() const { return reliance_; }
  double meanReliance() const;
  QVector<int> lowRelianceWords() const;
  bool lowRelianceTranslation() const;
  // Below these a word, and a translation's mean, are flagged. Measured with
  // the starter and tiny models on the demo corpus: translations of the test
  // split average 0.76 (words), made-up translations of everyday sentences
  // outside the corpus's domain 0.66.
  static constexpr double kLowWord = 0.55;
  static constexpr double kLowTranslation = 0.68;
  QLabel* relianceLabel() const { return reliance_label_; }

 private:
  void recompute();
  void render();
  void renderReliance();

  app::AttentionView view_;
  QStringList source_words_, target_words_;
  QVector<QVector<int>> source_groups_, target_groups_;  // piece indices of each word
  QVector<QVector<double>> weights_;
  QVector<double> reliance_;
  QVector<double> source_shades_, target_shades_;
  int hovered_target_ = -1, hovered_source_ = -1;

  QComboBox* choice_;
  QLabel* source_label_;
  QLabel* target_label_;
  QLabel* reliance_label_;
  QLabel* hint_;
};

}  // namespace studio::ui
