#pragma once

#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QPlainTextEdit;
class QSpinBox;

namespace studio::ui {

// The training configuration as a form: a preset, the model's shape, the
// batch and schedule, optimisation, evaluation and checkpoints. Each field
// is explained in its tooltip and maps to one key of the TrainingConfig
// JSON (config.json of a run).
class TrainingSettingsForm : public QWidget {
  Q_OBJECT

 public:
  explicit TrainingSettingsForm(QWidget* parent = nullptr);

  QString preset() const;
  // Chooses a preset and fills every field from it.
  void setPreset(const QString& name);
  // Direction under Model: English → Vietnamese (a model for back-translation) or the usual way.
  void setEnglishToVietnamese(bool reversed);
  bool englishToVietnamese() const;
  // Fills the form from a TrainingConfig's JSON (a preset, or a run's config.json).
  void applyConfig(const QJsonObject& training);
  // Fills the form from a run's configuration and shows the preset it is
  // nearest to (app::closestTrainingPreset) without applying that preset.
  void showRunConfig(const QJsonObject& training);
  // The form as a JSON object over the preset.
  // `error` (when given) names a probe line without a source.
  QString configJson(QString* error = nullptr) const;
  // Probe sentences, one a line: SOURCE ||| REFERENCE (empty: the first dev pairs).
  void setProbes(const QString& lines);
  QString probes() const;
  int maxSteps() const;
  void setMaxSteps(int steps);
  int evalEvery() const;
  void setEvalEvery(int steps);
  // The data's vocabulary, for the disk cost of kept models (8,000 until set).
  void setVocabSize(qint64 vocab_size);
  QString keptModelsCost() const;  // "Keeps 12 models, about 94 MB on the disk."
  // The data's SentencePiece model type: under "bpe" the subword field is
  // BPE-dropout's rate, and its label says so; any other, subword sampling's α.
  void setVocabularyType(const QString& type);
  QString subwordLabel() const;

 private:
  void applyPreset(const QString& name);
  void showKeptModelsCost();
  QWidget* addField(QWidget* parent, QFormLayout* form, const QString& key, const QString& label, QWidget* widget,
                    const QString& tip);

  QComboBox* preset_;
  QComboBox* precision_;
  QSpinBox* layers_;  // the encoder's
  QSpinBox* decoder_layers_;
  QSpinBox* d_model_;
  QSpinBox* heads_;
  QSpinBox* d_ff_;
  QDoubleSpinBox* dropout_;
  QComboBox* direction_;  // Vietnamese → English, or English → Vietnamese for back-translation
  QSpinBox* max_tokens_;
  QSpinBox* warmup_;
  QSpinBox* max_steps_;
  QSpinBox* eval_every_;
  QLabel* kept_cost_;
  QDoubleSpinBox* subword_;  // subword_alpha, in subword_form_
  QFormLayout* subword_form_;
  QPlainTextEdit* probes_;
  qint64 vocab_size_ = 8000;
  // The other TrainingConfig fields, each a widget under its JSON key.
  QList<QPair<QString, QWidget*>> fields_;
};

}  // namespace studio::ui
