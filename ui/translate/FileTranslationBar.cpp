#include "ui/translate/FileTranslationBar.h"

#include <algorithm>

#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QToolButton>
#include <QUrl>

#include "ui/translate/AlignmentExportDialog.h"

namespace studio::ui {

FileTranslationBar::FileTranslationBar(QWidget* parent) : QWidget(parent) {
  setObjectName("File translation");
  message_ = new QLabel(this);
  message_->setObjectName("File translation status");
  message_->setWordWrap(true);
  message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  progress_ = new QProgressBar(this);
  progress_->setObjectName("File translation progress");
  progress_->setMaximumWidth(220);
  stop_ = new QPushButton(tr("Stop"), this);
  stop_->setObjectName("Stop the file translation");
  stop_->setToolTip(tr("Stop after the batch being translated; nothing is written"));
  open_ = new QPushButton(tr("Open the translation"), this);
  open_->setObjectName("Open the translation");
  memory_ = new QPushButton(tr("Save as a translation memory…"), this);
  memory_->setObjectName("Save as a translation memory");
  memory_->setToolTip(
      tr("Save each sentence and its translation as a TMX file, for a CAT tool (OmegaT, Trados, memoQ) to "
         "review and reuse"));
  alignments_ = new QPushButton(tr("Save word alignments…"), this);
  alignments_->setObjectName("Save word alignments");
  alignments_->setToolTip(
      tr("Save, for each line, which Vietnamese words each English word drew on (read off the "
         "cross-attention): \"source-target\" word pairs counted from 0, as fast_align and Moses write "
         "them, or the weights themselves"));
  read_as_ = new QPushButton(this);
  read_as_->setObjectName("Read the file in its encoding");
  read_as_->setVisible(false);
  close_ = new QToolButton(this);
  close_->setText(QStringLiteral("✕"));
  close_->setAutoRaise(true);
  close_->setToolTip(tr("Hide"));
  close_->setAccessibleName(tr("Hide the file translation"));
  auto* row = new QHBoxLayout(this);
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(message_, 1);
  row->addWidget(progress_);
  row->addWidget(stop_);
  row->addWidget(open_);
  row->addWidget(memory_);
  row->addWidget(alignments_);
  row->addWidget(read_as_);
  row->addWidget(close_);

  connect(stop_, &QPushButton::clicked, &session_, &app::FileTranslationSession::stop);
  connect(open_, &QPushButton::clicked, this,
          [this] { QDesktopServices::openUrl(QUrl::fromLocalFile(output_)); });
  connect(memory_, &QPushButton::clicked, this, [this] {
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save the translation memory as"), defaultMemory(output_),
                                     tr("Translation memories (*.tmx);;All files (*)"));
    if (!path.isEmpty()) saveMemory(path);
  });
  connect(alignments_, &QPushButton::clicked, this, [this] {
    auto* dialog = alignmentDialog();
    dialog->setChoice(AlignmentExportDialog::saved());
    if (dialog->exec() != QDialog::Accepted) return;
    const auto how = dialog->choice();
    AlignmentExportDialog::save(how);
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save the word alignments as"), defaultAlignments(output_),
                                     tr("Word alignments (*.align);;All files (*)"));
    if (!path.isEmpty()) saveAlignments(path, how);
  });
  connect(close_, &QToolButton::clicked, this, [this] {
    hide();
    report_.alignable.reset();  // the model it kept loaded
  });
  connect(&session_, &app::FileTranslationSession::aligning, this, [this](int done, int total) {
    progress_->setRange(0, std::max(1, total));
    progress_->setValue(done);
    message_->setText(
        tr("Aligning %1 with its translation: %2 of %3 lines…")
            .arg(QFileInfo(input_).fileName(), QLocale().toString(done), QLocale().toString(total)));
  });
  connect(&session_, &app::FileTranslationSession::alignmentsSaved, this,
          [this](const QString& path, int lines, int links) {
            aligning_ = false;
            setRunning(false);
            showFinished();
            message_->setText(finished_text_ + ' ' +
                              tr("Word alignments of %n line(s) saved to %1", "", lines).arg(path) + ' ' +
                              (saved_how_.links == app::AlignmentExport::Links::Soft
                                   ? tr("(soft weights).")
                                   : tr("(%n link(s)).", "", links)));
          });
  connect(read_as_, &QPushButton::clicked, this, [this] {
    const QString encoding = suggested_;  // a copy: translate() forgets the last suggestion
    translate(model_, settings_, input_, output_, encoding);
  });
  connect(&session_, &app::FileTranslationSession::readsAs, this, [this](const QString& encoding) {
    suggested_ = encoding;
    read_as_->setText(tr("Read it as %1").arg(encoding));
    read_as_->setToolTip(tr("Translate %1 as Vietnamese text in %2, an 8-bit encoding from before Unicode")
                             .arg(QFileInfo(input_).fileName(), encoding));
  });
  connect(&session_, &app::FileTranslationSession::progress, this, [this](int done, int total) {
    progress_->setRange(0, std::max(1, total));
    progress_->setValue(done);
    message_->setText(
        tr("Translating %1: %2 of %3 sentences…")
            .arg(QFileInfo(input_).fileName(), QLocale().toString(done), QLocale().toString(total)));
  });
  connect(&session_, &app::FileTranslationSession::finished, this,
          [this](const app::FileTranslationReport& r) {
            setRunning(false);
            QString text =
                r.htmlBlocks >= 0
                    ? tr("%1 → %2: %n block(s) of text translated", "", r.htmlBlocks)
                              .arg(QFileInfo(r.input).fileName(), r.output) +
                          ' ' +
                          (r.htmlAttributes > 0
                               ? tr("and %n attribute(s) (alt, title…)", "", r.htmlAttributes) + ' '
                               : QString()) +
                          tr("(%n sentence(s)) in %1 s;", "", r.segments)
                              .arg(QLocale().toString(r.seconds, 'f', 1)) +
                          ' ' +
                          tr("%n element(s) marked not to be translated left as written.", "",
                             r.htmlNotTranslatable)
                : r.officeParagraphs >= 0
                    ? (r.officeCells ? tr("%1 → %2: %n text(s) of cells and text boxes translated", "",
                                          r.officeParagraphs)
                                     : tr("%1 → %2: %n paragraph(s) translated", "", r.officeParagraphs))
                              .arg(QFileInfo(r.input).fileName(), r.output) +
                          ' ' +
                          tr("(%n sentence(s)) in %1 s.", "", r.segments)
                              .arg(QLocale().toString(r.seconds, 'f', 1)) +
                          (r.officeKept > 0 ? ' ' + tr("%n paragraph(s) kept as written (hover for why).", "",
                                                       r.officeKept)
                                            : QString()) +
                          (r.officeTcvn3 > 0 ? ' ' + tr("%n of them in the old .Vn fonts, read as TCVN3.", "",
                                                        r.officeTcvn3)
                                             : QString()) +
                          (r.officeVni > 0
                               ? ' ' + tr("%n of them in VNI fonts, read as VNI.", "", r.officeVni)
                               : QString()) +
                          (r.officeComments > 0
                               ? ' ' + tr("%n comment(s) not translated.", "", r.officeComments)
                               : QString())
                : r.subtitleCues >= 0
                    ? tr("%1 → %2: %n subtitle(s) translated", "", r.subtitleCues)
                              .arg(QFileInfo(r.input).fileName(), r.output) +
                          ' ' +
                          tr("(%n sentence(s)) in %1 s.", "", r.segments)
                              .arg(QLocale().toString(r.seconds, 'f', 1)) +
                          (r.readingNotices > 0
                               ? ' ' + tr("%n text(s) with no timing line before them translated where they "
                                          "stand (hover for which).",
                                          "", r.readingNotices)
                               : QString())
                : r.markdownBlocks >= 0
                    ? tr("%1 → %2: %n block(s) of text translated", "", r.markdownBlocks)
                              .arg(QFileInfo(r.input).fileName(), r.output) +
                          ' ' +
                          tr("(%n sentence(s)) in %1 s.", "", r.segments)
                              .arg(QLocale().toString(r.seconds, 'f', 1)) +
                          (r.markdownKept > 0
                               ? ' ' + tr("%n code or HTML block(s) kept as written.", "", r.markdownKept)
                               : QString())
                : r.epubPages >= 0
                    ? tr("%1 → %2: %n page(s) translated", "", r.epubPages)
                              .arg(QFileInfo(r.input).fileName(), r.output) +
                          ' ' + tr("(%n block(s) of text,", "", r.epubBlocks) + ' ' +
                          tr("%n attribute(s) and", "", r.epubAttributes) + ' ' +
                          tr("%n title(s) and table of contents label(s);", "", r.epubTexts) + ' ' +
                          tr("%n sentence(s)) in %1 s.", "", r.segments)
                              .arg(QLocale().toString(r.seconds, 'f', 1)) +
                          (r.htmlNotTranslatable > 0
                               ? ' ' + tr("%n element(s) marked not to be translated left as written.", "",
                                          r.htmlNotTranslatable)
                               : QString()) +
                          (r.readingNotices > 0
                               ? ' ' + tr("%n file(s) or part(s) of the book not read as it says "
                                          "(hover for which).",
                                          "", r.readingNotices)
                               : QString())
                : r.xliffSegments >= 0
                    ? tr("%1 → %2: %n XLIFF segment(s) given a translation", "", r.xliffSegments)
                              .arg(QFileInfo(r.input).fileName(), r.output) +
                          ' ' +
                          tr("(%n sentence(s)) in %1 s;", "", r.segments)
                              .arg(QLocale().toString(r.seconds, 'f', 1)) +
                          ' ' + tr("%n kept as they were (they had one),", "", r.xliffKept) + ' ' +
                          tr("%n not to be translated.", "", r.xliffNotTranslatable)
                    : tr("%1 → %2: %n line(s)", "", r.lines).arg(QFileInfo(r.input).fileName(), r.output) +
                          ' ' +
                          tr("(%n sentence(s)) in %1 s.", "", r.segments)
                              .arg(QLocale().toString(r.seconds, 'f', 1));
            if (r.wrappedBreaks > 0)
              text += ' ' + tr("%n line break(s) fall inside sentences: if the text is wrapped over lines, "
                               "translate it again with Lines wrapped within paragraphs.",
                               "", r.wrappedBreaks);
            if (r.decoded < r.segments)
              text += ' ' + tr("%n sentence(s) recurred and took the translation decoded the first time.", "",
                               r.segments - r.decoded);
            if (r.notices.size() > r.readingNotices)  // (how the file was read comes first)
              text += ' ' + tr("%n sentence(s) longer than the model's positions were translated in parts "
                               "(hover for which).",
                               "", int(r.notices.size()) - r.readingNotices);
            if (!r.ensemble.isEmpty())
              text += ' ' + tr("An ensemble of %n model(s) translated it.", "", int(r.ensemble.size()) + 1);
            if (!r.encoding.isEmpty()) text += ' ' + tr("Read and written in %1.").arg(r.encoding);
            if (r.htmlOtherLanguage > 0)
              text += ' ' + tr("%n element(s) in another language (lang) left as written.", "",
                               r.htmlOtherLanguage);
            if (!r.htmlEncoding.isEmpty())
              text += ' ' + tr("Read in %1; written in UTF-8, as the page now says.").arg(r.htmlEncoding);
            if (!r.encodingNotice.isEmpty()) text += ' ' + tr("The translation: %1").arg(r.encodingNotice);
            for (const auto& note : r.glossaryNotes) text += ' ' + tr("Glossary: %1.").arg(note);
            message_->setText(text);
            message_->setToolTip(r.notices.mid(0, 30).join('\n'));
            report_ = r;
            finished_text_ = text;
            showFinished();
          });
  connect(&session_, &app::FileTranslationSession::stopped, this, [this] {
    setRunning(false);
    if (aligning_) {
      aligning_ = false;
      showFinished();
      message_->setText(finished_text_ + ' ' + tr("Stopped: the word alignments were not saved."));
      return;
    }
    message_->setText(tr("Stopped: nothing was written to %1.").arg(output_));
  });
  connect(&session_, &app::FileTranslationSession::failed, this, [this](const QString& why) {
    setRunning(false);
    if (aligning_) {
      aligning_ = false;
      showFinished();
      message_->setText(finished_text_ + ' ' + tr("The word alignments were not saved: %1").arg(why));
      return;
    }
    message_->setText(tr("%1 was not translated: %2").arg(QFileInfo(input_).fileName(), why));
    read_as_->setVisible(!suggested_.isEmpty());
  });
  setVisible(false);
}

QString FileTranslationBar::besideOutput(const QString& output, const QString& extension) {
  const QFileInfo info(output);
  QString name = info.fileName();
  for (const QString& end : {QStringLiteral(".en.txt"), QStringLiteral(".txt"), QStringLiteral(".en")})
    if (name.endsWith(end) && name.size() > end.size()) {
      name.chop(end.size());
      break;
    }
  return info.dir().filePath(name + extension);
}

QString FileTranslationBar::defaultMemory(const QString& output) {
  return besideOutput(output, QStringLiteral(".tmx"));
}

QString FileTranslationBar::defaultAlignments(const QString& output) {
  return besideOutput(output, QStringLiteral(".align"));
}

void FileTranslationBar::saveAlignments(const QString& path, const app::AlignmentExport& how) {
  if (session_.isRunning() || !report_.alignable) return;
  aligning_ = true;
  saved_how_ = how;
  setRunning(true);
  message_->setText(tr("Aligning %1 with its translation…").arg(QFileInfo(input_).fileName()));
  session_.saveAlignments(report_, path, how);
}

AlignmentExportDialog* FileTranslationBar::alignmentDialog() {
  if (!alignment_dialog_) alignment_dialog_ = new AlignmentExportDialog(this);
  alignment_dialog_->setDecoderLayers(report_.decoderLayers);
  return alignment_dialog_;
}

void FileTranslationBar::showFinished() {
  open_->setVisible(true);
  memory_->setVisible(!report_.memory.isEmpty());
  alignments_->setVisible(report_.alignable != nullptr);
}

bool FileTranslationBar::saveMemory(const QString& path) {
  const QString error = app::saveTranslationMemory(report_, path);
  QString text = finished_text_ + ' ';
  if (!error.isEmpty()) {
    message_->setText(text + tr("The translation memory was not saved: %1").arg(error));
    return false;
  }
  text += tr("%n translation unit(s) saved to %1.", "", int(report_.memory.size())).arg(path);
  if (report_.memoryLeftOut > 0)
    text += ' ' + tr("%n sentence(s) translated as nothing left out.", "", report_.memoryLeftOut);
  message_->setText(text);
  return true;
}

QString FileTranslationBar::defaultOutput(const QString& input) {
  const QFileInfo info(input);
  QString name = info.fileName();
  // An XLIFF file keeps its extension, for the CAT tool that takes it back: doc.vi.xlf -> doc.en.xlf.
  const QString suffix = info.suffix().toLower();
  // So do a web page and a document: page.html -> page.en.html, page.vi.htm -> page.en.htm.
  static const QStringList kept{"xlf",  "xliff", "html", "htm",  "xhtml", "docx",    "docm", "dotx",
                                "dotm", "pptx",  "pptm", "potx", "potm",  "ppsx",    "ppsm", "xlsx",
                                "xlsm", "xltx",  "xltm", "odt",  "ott",   "odp",     "otp",  "ods",
                                "ots",  "epub",  "srt",  "vtt",  "md",    "markdown"};
  if (kept.contains(suffix)) {
    QString base = info.completeBaseName();
    if (base.endsWith(QLatin1String(".vi"))) base.chop(3);
    return info.dir().filePath(base + QStringLiteral(".en.") + info.suffix());
  }
  if (name.endsWith(QLatin1String(".vi.txt")))
    name.chop(7);
  else if (name.endsWith(QLatin1String(".vi")))
    return info.dir().filePath(name.chopped(3) + QStringLiteral(".en"));
  else if (name.endsWith(QLatin1String(".txt")))
    name.chop(4);
  return info.dir().filePath(name + QStringLiteral(".en.txt"));
}

void FileTranslationBar::chooseAndTranslate(const app::ModelSource& model,
                                            const app::DecodeSettings& settings) {
  const QString input = QFileDialog::getOpenFileName(
      this, tr("Translate a file"), input_,
      tr("Text, XLIFF files, web pages, documents, presentations, spreadsheets, books, subtitles and "
         "Markdown "
         "(*.txt *.vi *.xlf *.xliff *.html *.htm *.xhtml *.docx *.pptx *.xlsx *.odt *.odp *.ods *.epub *.srt "
         "*.vtt *.md);;All files (*)"));
  if (input.isEmpty()) return;
  const QString output = QFileDialog::getSaveFileName(
      this, tr("Save the translation as"), defaultOutput(input),
      tr("Text, XLIFF files, web pages, documents, presentations, spreadsheets, books, subtitles and "
         "Markdown "
         "(*.txt *.en *.xlf *.xliff *.html *.htm *.xhtml *.docx *.pptx *.xlsx *.odt *.odp *.ods *.epub *.srt "
         "*.vtt *.md);;All files (*)"));
  if (output.isEmpty()) return;
  translate(model, settings, input, output);
}

void FileTranslationBar::translate(const app::ModelSource& model, const app::DecodeSettings& settings,
                                   const QString& input, const QString& output, const QString& encoding) {
  if (session_.isRunning()) return;
  input_ = input;
  output_ = output;
  model_ = model;
  settings_ = settings;
  suggested_.clear();
  report_ = {};  // and the model the last one kept loaded
  setVisible(true);
  setRunning(true);
  message_->setToolTip(QString());
  message_->setText(tr("Reading %1 and loading the model…").arg(QFileInfo(input).fileName()));
  session_.start({model, settings, input, output, encoding});
}

void FileTranslationBar::setRunning(bool running) {
  progress_->setVisible(running);
  stop_->setVisible(running);
  close_->setVisible(!running);
  open_->setVisible(false);
  memory_->setVisible(false);
  alignments_->setVisible(false);
  read_as_->setVisible(false);
  if (running) progress_->setRange(0, 0);  // busy until the first batch's count
  Q_EMIT runningChanged(running);
}

}  // namespace studio::ui
