#pragma once

#include <QVector>
#include <QWidget>

#include "app/TranslationService.h"

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

 private:
  void recompute();
  void render();

  app::AttentionView view_;
  QStringList source_words_, target_words_;
  QVector<QVector<int>> source_groups_, target_groups_;  // piece indices of each word
  QVector<QVector<double>> weights_;
  QVector<double> source_shades_, target_shades_;
  int hovered_target_ = -1, hovered_source_ = -1;

  QComboBox* choice_;
  QLabel* source_label_;
  QLabel* target_label_;
  QLabel* hint_;
};

}  // namespace studio::ui
