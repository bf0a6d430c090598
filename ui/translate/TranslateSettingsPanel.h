#pragma once

#include <QWidget>

#include "app/translation/SmallAndFastSession.h"
#include "app/translation/TranslationService.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLineEdit;
class QSpinBox;

namespace studio::ui {

class GlossaryEditor;
class LearnShortlistButton;

// What translates and how, above Translate's texts: the model (a run's newest
// or best checkpoint, or a file), its weights' precision (float32, int8 where
// the CPU runs it, bf16 where it is fast), a vocabulary shortlist (chosen or learnt), more models
// translating with it (an ensemble) and "Make it small and fast…"; the decoding (beam, length penalty,
// n-best, a glossary, lines wrapped within paragraphs, translate as you type).
class TranslateSettingsPanel : public QWidget {
  Q_OBJECT

 public:
  explicit TranslateSettingsPanel(QWidget* parent = nullptr);

  app::ModelSource modelSource() const;
  void setModelSource(const app::ModelSource& source);
  // The n-best count is at most the beam.
  app::DecodeSettings decodeSettings() const;
  // A precision this CPU cannot run (greyed out) falls back to float32.
  void setDecodeSettings(const app::DecodeSettings& settings);
  void setGlossary(const QString& path);
  // The glossary's editor (Edit…), made at its first use; saving sets the glossary and translates again.
  GlossaryEditor* glossaryEditor();
  void editGlossary();
  // A way saved by "Make it small and fast": its model file, precision and shortlist.
  void useWay(const app::ExportedWay& way);
  bool translateAsYouType() const;

 Q_SIGNALS:
  // The model chosen changed (its source kind or path), by the user or by setModelSource.
  void modelSourceChanged(const studio::app::ModelSource& model);
  // A setting was edited (the precision, a spin box, a file typed): translate
  // again if translating as you type.
  void edited();
  // A glossary or shortlist was chosen in its dialog: translate again now.
  void fileChosen();
  void smallAndFastRequested();
  // Something to tell (a shortlist learnt); `problem`: it failed.
  void notice(const QString& message, bool problem);

 private:
  void browseModel();
  // `extra` (optional): a button after Choose…
  QLineEdit* fileRow(QWidget* group, QFormLayout* form, const char* object_name, const QString& name,
                     const QString& tooltip, const QString& choose_title, const QString& filter,
                     QWidget* extra = nullptr);

  QComboBox* source_kind_;
  QLineEdit* model_path_;
  QSpinBox* beam_;
  QDoubleSpinBox* alpha_;
  QSpinBox* nbest_;
  // Beam search or sampling, and sampling's temperature, top k, top p and seed.
  QComboBox* search_;
  QDoubleSpinBox* temperature_;
  QSpinBox* top_k_;
  QDoubleSpinBox* top_p_;
  QSpinBox* seed_;
  QWidget* sampling_row_;
  QComboBox* weights_;  // float32, int8 or bf16
  QLineEdit* glossary_;
  GlossaryEditor* glossary_editor_ = nullptr;
  QLineEdit* shortlist_;
  LearnShortlistButton* learn_shortlist_;
  QLineEdit* ensemble_;    // more model files, "; " between them
  QLineEdit* ensemble_weights_;  // each model's weight in the ensemble, "W1, W2, ..."
  QCheckBox* paragraphs_;  // lines wrapped within paragraphs
  QCheckBox* markup_;      // keep the text's tags
  QCheckBox* verbatim_;    // keep addresses, placeholders and numbers as typed
  QCheckBox* as_you_type_;
};

}  // namespace studio::ui
