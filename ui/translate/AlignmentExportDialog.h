#pragma once

#include <QDialog>

#include "app/translation/FileTranslationSession.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;

namespace studio::ui {

// What "Save word alignments…" writes, asked before the file is chosen:
// which links (each English word's strongest Vietnamese word, both
// directions, every link above a threshold, or the soft weights), which
// decoder layer's heads are averaged, and whether a word is read at the step
// that wrote it or at the one that reads it — `translate --alignment`,
// `--alignment-layer` and `--alignment-shifted`. The last choice is kept in
// the settings between starts.
class AlignmentExportDialog : public QDialog {
  Q_OBJECT

 public:
  explicit AlignmentExportDialog(QWidget* parent = nullptr);

  // The layers the Layer list offers (the model's decoder layers); a
  // chosen layer the model does not have falls back to the last.
  void setDecoderLayers(int layers);
  app::AlignmentExport choice() const;
  void setChoice(const app::AlignmentExport& choice);

  // The choice kept in the settings (the defaults when none is).
  static app::AlignmentExport saved();
  static void save(const app::AlignmentExport& choice);

 private:
  QComboBox* links_;
  QDoubleSpinBox* threshold_;
  QComboBox* layer_;  // "Last", then Layer 1 … N (data: the layer from 0, -1 for the last)
  QCheckBox* shifted_;
};

}  // namespace studio::ui
