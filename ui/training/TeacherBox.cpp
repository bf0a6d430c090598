#include "ui/training/TeacherBox.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "app/EngineInfo.h"

namespace studio::ui {

TeacherBox::TeacherBox(QWidget* parent) : QGroupBox(tr("Learn from"), parent) {
  setObjectName("Learn from");
  auto* layout = new QVBoxLayout(this);
  summary_ = new QLabel(this);
  summary_->setObjectName("Teacher summary");
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(summary_);
  folder_ = new QLabel(this);
  folder_->setObjectName("Distilled data");
  folder_->setWordWrap(true);
  folder_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(folder_);

  auto* buttons = new QHBoxLayout;
  auto* choose = new QPushButton(tr("A teacher model…"), this);
  choose->setObjectName("Choose a teacher");
  choose->setToolTip(
      tr("Train a smaller, faster model (a student) on a trained model's translations of the "
         "training sentences instead of people's (sequence-level distillation)"));
  connect(choose, &QPushButton::clicked, this, [this] {
    const QString start = active() ? QFileInfo(source_.modelPath).absolutePath() : QString();
    const QString path = QFileDialog::getOpenFileName(this, tr("Choose the teacher model"), start,
                                                      tr("Models (*.pt);;All files (*)"));
    if (!path.isEmpty()) setModel(path);
  });
  none_ = new QPushButton(tr("The corpus"), this);
  none_->setObjectName("No teacher");
  none_->setToolTip(tr("Learn the corpus's own English, as people translated it"));
  connect(none_, &QPushButton::clicked, this, &TeacherBox::clear);
  distil_ = new QPushButton(tr("Distil"), this);
  distil_->setObjectName("Distil");
  distil_->setToolTip(
      tr("Have the teacher translate the data folder's training sentences now, into the "
         "distilled data folder (Start does it when needed)"));
  connect(distil_, &QPushButton::clicked, this, &TeacherBox::distilRequested);
  weights_ = new QComboBox(this);
  weights_->setObjectName("Teacher weights");
  weights_->addItem(tr("float32"), false);
  weights_->addItem(tr("int8 (faster)"), true);
  const QString int8_unsupported = app::engineInfo().int8Unsupported;
  if (int8_unsupported.isEmpty()) {
    weights_->setToolTip(
        tr("The teacher's weights while it translates: int8 (one byte a weight, on the CPU's engine "
           "whatever the device) translates faster at about float32's BLEU"));
  } else {
    weights_->setEnabled(false);
    weights_->setToolTip(tr("int8 cannot run here: %1").arg(int8_unsupported));
  }
  buttons->addWidget(choose);
  buttons->addWidget(none_);
  buttons->addWidget(distil_);
  weights_label_ = new QLabel(tr("Teacher's weights:"), this);
  buttons->addWidget(weights_label_);
  buttons->addWidget(weights_);
  buttons->addStretch(1);
  layout->addLayout(buttons);
  showSource();
}

bool TeacherBox::setModel(const QString& path) {
  auto source = app::describeTeacher(path);
  if (!source.error.isEmpty()) {
    Q_EMIT errorOccurred(tr("'%1' cannot teach: %2").arg(path, source.error));
    return false;
  }
  source_ = source;
  showSource();
  Q_EMIT teacherChanged(source_.studentSettings);
  return true;
}

void TeacherBox::clear() {
  const bool was = active();
  source_ = {};
  showSource();
  if (was) Q_EMIT teacherChanged({});
}

void TeacherBox::setDataDir(const QString& data_dir) {
  data_dir_ = data_dir;
  showSource();
}

bool TeacherBox::distilled() const {
  if (!active() || distilled_.isEmpty()) return false;
  return distilled_ == data_dir_ || app::isDistillationOf(distilled_, data_dir_, source_.modelPath);
}

bool TeacherBox::int8() const { return weights_->isEnabled() && weights_->currentData().toBool(); }

void TeacherBox::setInt8(bool int8) { weights_->setCurrentIndex(int8 && weights_->isEnabled() ? 1 : 0); }

QString TeacherBox::text() const { return summary_->text() + '\n' + folder_->text(); }

void TeacherBox::showSource() {
  none_->setEnabled(active());
  distil_->setVisible(active());
  folder_->setVisible(active());
  weights_->setVisible(active());
  weights_label_->setVisible(active());
  if (!active()) {
    distilled_.clear();
    summary_->setText(tr("The corpus: the new model learns the English people wrote."));
    return;
  }
  summary_->setText(
      tr("Teacher: %1. It translates the data folder's training sentences (beam 4, in the weights chosen "
         "below); the new model, its "
         "student, learns that English instead of people's, and a student much smaller than its teacher "
         "learns more from it than from the corpus. Dev and test stay people's; the vocabulary is the "
         "teacher's. The form holds the teacher's shape with one decoder layer (faster to translate): make "
         "it smaller as you like.")
          .arg(QDir::toNativeSeparators(source_.modelPath)));
  if (data_dir_.isEmpty()) {
    distilled_.clear();
    distil_->setEnabled(false);
    folder_->setText(tr("Choose the data folder the teacher translates."));
    return;
  }
  const app::DistillationRecord own = app::readDistillation(data_dir_);
  if (own.valid) {  // the data folder is a distillation already: trained on as it is
    distilled_ = data_dir_;
    distil_->setEnabled(false);
    folder_->setText(
        tr("The data folder holds a teacher's translations already: the student learns them.\n%1")
            .arg(app::describeDistillation(own)));
    return;
  }
  distilled_ = app::distilledDataDirFor(data_dir_, source_);
  const bool made = distilled();
  distil_->setEnabled(!made);
  if (made)
    folder_->setText(tr("Distilled data: %1\n%2")
                         .arg(QDir::toNativeSeparators(distilled_),
                              app::describeDistillation(app::readDistillation(distilled_))));
  else
    folder_->setText(
        tr("Distilled data: %1 (not made yet: Start or Distil has the teacher translate; minutes "
           "for tens of thousands of sentences)")
            .arg(QDir::toNativeSeparators(distilled_)));
}

}  // namespace studio::ui
