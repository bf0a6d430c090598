#include "ui/translate/GlossaryEditor.h"

#include <algorithm>
#include <functional>

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace studio::ui {

namespace {
constexpr int kLineRole = Qt::UserRole;  // on a row's first cell: the file's line it came from (0: added)
}

GlossaryEditor::GlossaryEditor(QWidget* parent) : QDialog(parent) {
  setObjectName("Glossary editor");
  resize(620, 460);
  auto* layout = new QVBoxLayout(this);
  where_ = new QLabel(this);
  where_->setObjectName("Glossary file");
  where_->setWordWrap(true);
  where_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(where_);
  table_ = new QTableWidget(0, 2, this);
  table_->setObjectName("Glossary terms table");
  table_->setAccessibleName(tr("Glossary terms"));
  table_->setHorizontalHeaderLabels({tr("Vietnamese (as typed)"), tr("English")});
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  table_->verticalHeader()->setVisible(true);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setToolTip(
      tr("Where the Vietnamese words occur in a sentence (case and diacritics as typed, whole words), its "
         "translation contains the English"));
  layout->addWidget(table_, 1);
  problem_ = new QLabel(this);
  problem_->setObjectName("Glossary problem");
  problem_->setWordWrap(true);
  problem_->setStyleSheet("color: #b00020");
  problem_->hide();
  layout->addWidget(problem_);

  auto* buttons = new QHBoxLayout;
  auto* add = new QPushButton(tr("Add a term"), this);
  add->setObjectName("Add a term");
  auto* remove = new QPushButton(tr("Remove"), this);
  remove->setObjectName("Remove terms");
  remove->setToolTip(tr("Remove the chosen terms"));
  save_ = new QPushButton(tr("Save"), this);
  save_->setObjectName("Save glossary");
  save_->setDefault(true);
  auto* save_as = new QPushButton(tr("Save as…"), this);
  save_as->setObjectName("Save glossary as");
  auto* close = new QPushButton(tr("Close"), this);
  buttons->addWidget(add);
  buttons->addWidget(remove);
  buttons->addStretch(1);
  buttons->addWidget(save_);
  buttons->addWidget(save_as);
  buttons->addWidget(close);
  layout->addLayout(buttons);

  connect(add, &QPushButton::clicked, this, [this] { addTerm(); });
  connect(remove, &QPushButton::clicked, this, [this] {
    QList<int> chosen;
    for (const auto& range : table_->selectedRanges())
      for (int r = range.topRow(); r <= range.bottomRow(); ++r) chosen << r;
    if (chosen.isEmpty() && table_->currentRow() >= 0) chosen << table_->currentRow();
    std::sort(chosen.begin(), chosen.end(), std::greater<int>());
    chosen.erase(std::unique(chosen.begin(), chosen.end()), chosen.end());
    for (int r : chosen) table_->removeRow(r);
    if (!chosen.isEmpty()) {
      modified_ = true;
      updateTitle();
    }
  });
  connect(save_, &QPushButton::clicked, this, [this] { save(); });
  connect(save_as, &QPushButton::clicked, this, &GlossaryEditor::saveAs);
  connect(close, &QPushButton::clicked, this, &QDialog::reject);
  connect(table_, &QTableWidget::itemChanged, this, [this] {
    if (filling_) return;
    modified_ = true;
    updateTitle();
  });
  openGlossary({});
}

bool GlossaryEditor::openGlossary(const QString& path) {
  QString problem;
  app::GlossaryDocument document;
  if (!path.isEmpty()) {
    try {
      document = app::readGlossaryDocument(path);
    } catch (const std::exception& e) {
      // A new glossary instead, the file untouched.
      problem = tr("%1 Fix it in a text editor; here, a new glossary.").arg(QString::fromUtf8(e.what()));
    }
  }
  document_ = document;
  modified_ = false;
  fill();
  showProblem(!problem.isEmpty() ? problem : document_.notes.join('\n'));
  return problem.isEmpty();
}

void GlossaryEditor::fill() {
  filling_ = true;
  table_->setRowCount(0);
  for (const auto& row : document_.rows) {
    const int r = table_->rowCount();
    table_->insertRow(r);
    auto* source = new QTableWidgetItem(row.source);
    source->setData(kLineRole, row.line);
    table_->setItem(r, 0, source);
    table_->setItem(r, 1, new QTableWidgetItem(row.target));
  }
  filling_ = false;
  updateTitle();
}

void GlossaryEditor::updateTitle() {
  const QString name = document_.path.isEmpty() ? tr("New glossary") : QFileInfo(document_.path).fileName();
  setWindowTitle(
      tr("Glossary: %1%2 — Attention Studio").arg(name, modified_ ? QStringLiteral(" *") : QString()));
  if (document_.path.isEmpty())
    where_->setText(
        tr("A new glossary: Save writes it as a TSV file, a term a line (VIETNAMESE<TAB>ENGLISH), "
           "and Translate follows it."));
  else if (document_.termbase)
    where_->setText(tr("%1 is a TBX termbase: its terms are shown here, and Save as… writes them as a TSV "
                       "glossary (the termbase is edited in your terminology tool).")
                        .arg(QDir::toNativeSeparators(document_.path)));
  else
    where_->setText(tr("%1: %n term(s); its comments and blank lines stay where they are.", nullptr,
                       int(document_.rows.size()))
                        .arg(QDir::toNativeSeparators(document_.path)));
  save_->setEnabled(!document_.termbase);
}

void GlossaryEditor::addTerm(const QString& source, const QString& target) {
  const int r = table_->rowCount();
  filling_ = true;
  table_->insertRow(r);
  auto* first = new QTableWidgetItem(source);
  first->setData(kLineRole, 0);
  table_->setItem(r, 0, first);
  table_->setItem(r, 1, new QTableWidgetItem(target));
  filling_ = false;
  modified_ = true;
  updateTitle();
  table_->setCurrentCell(r, source.isEmpty() ? 0 : 1);
  if (isVisible()) table_->editItem(table_->item(r, source.isEmpty() ? 0 : 1));
}

QList<app::GlossaryRow> GlossaryEditor::rows() const {
  QList<app::GlossaryRow> rows;
  for (int r = 0; r < table_->rowCount(); ++r) {
    const auto* source = table_->item(r, 0);
    const auto* target = table_->item(r, 1);
    rows << app::GlossaryRow{source ? source->text() : QString(), target ? target->text() : QString(),
                             source ? source->data(kLineRole).toInt() : 0};
  }
  return rows;
}

QString GlossaryEditor::problem() const { return problem_->isHidden() ? QString() : problem_->text(); }

void GlossaryEditor::showProblem(const QString& message) {
  problem_->setText(message);
  problem_->setVisible(!message.isEmpty());
}

bool GlossaryEditor::save() {
  return document_.path.isEmpty() || document_.termbase ? saveAs() : saveTo(document_.path);
}

bool GlossaryEditor::saveAs() {
  // A TSV file is offered under its own name; a new glossary or a termbase's TSV beside the model's run.
  const QString start =
      !document_.path.isEmpty() && !document_.termbase
          ? document_.path
          : QDir(suggested_folder_.isEmpty() ? QDir::homePath() : suggested_folder_)
                .filePath(document_.termbase ? QFileInfo(document_.path).completeBaseName() + ".tsv"
                                             : QStringLiteral("glossary.tsv"));
  const QString path =
      QFileDialog::getSaveFileName(this, tr("Save the glossary as"), start, tr("Glossaries (*.tsv *.txt)"));
  return !path.isEmpty() && saveTo(path);
}

bool GlossaryEditor::saveTo(const QString& path) {
  if (document_.termbase && QFileInfo(path) == QFileInfo(document_.path)) {
    showProblem(tr("%1 is the termbase: save the TSV glossary under another name.").arg(path));
    return false;
  }
  try {
    // Saved elsewhere, a TSV glossary takes its comments along; a termbase's terms go alone.
    const QString text = app::glossaryText(document_, rows());
    app::writeGlossary(path, text);
    document_ = app::readGlossaryDocument(path);
  } catch (const app::GlossaryRowError& e) {
    showProblem(QString::fromUtf8(e.what()));
    if (e.row() >= 0) table_->selectRow(e.row());
    return false;
  } catch (const std::exception& e) {
    showProblem(QString::fromUtf8(e.what()));
    return false;
  }
  modified_ = false;
  fill();
  showProblem({});
  Q_EMIT saved(path);
  return true;
}

void GlossaryEditor::done(int result) {
  if (modified_ && isVisible()) {
    const auto answer = QMessageBox::question(this, tr("Glossary"), tr("Save the changes to the glossary?"),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                              QMessageBox::Save);
    if (answer == QMessageBox::Cancel || (answer == QMessageBox::Save && !save())) return;
    if (answer == QMessageBox::Discard) openGlossary(document_.path);
  }
  QDialog::done(result);
}

}  // namespace studio::ui
