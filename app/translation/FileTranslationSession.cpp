#include "app/translation/FileTranslationSession.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>

#include <new>
#include <optional>

#include "app/translation/OpenModel.h"
#include "app/translation/TranslationReplies.h"
#include "model/data/TmxWriter.h"
#include "model/decoding/DecodingDevice.h"
#include "model/decoding/DocumentTranslation.h"
#include "model/decoding/EpubTranslation.h"
#include "model/decoding/Glossary.h"
#include "model/decoding/HeadMask.h"
#include "model/decoding/HtmlTranslation.h"
#include "model/decoding/MarkdownTranslation.h"
#include "model/decoding/OfficeTranslation.h"
#include "model/decoding/Shortlist.h"
#include "model/decoding/SubtitleTranslation.h"
#include "model/decoding/Translator.h"
#include "model/decoding/WordAlignment.h"
#include "model/decoding/XliffTranslation.h"
#include "model/files/AtomicFile.h"
#include "model/files/EpubFile.h"
#include "model/files/Hash.h"
#include "model/files/HtmlFile.h"
#include "model/files/MarkdownFile.h"
#include "model/files/OfficeFile.h"
#include "model/files/SubtitleFile.h"
#include "model/files/TextDocument.h"
#include "model/files/XliffFile.h"

namespace studio::app {

struct AlignableFile {
  std::shared_ptr<model::Translator> translator;
  model::HeadMask head_mask;  // the heads switched off for the translation, off for its alignment too
  std::vector<model::TextTranslation> lines;
};

namespace {
constexpr size_t kAlignedAtOnce = 64;  // lines a batch between two questions to stop
}

FileTranslationSession::FileTranslationSession(QObject* parent) : QObject(parent) {
  qRegisterMetaType<FileTranslationRequest>();
  qRegisterMetaType<FileTranslationReport>();
}

FileTranslationSession::~FileTranslationSession() = default;  // the job stops and waits

bool FileTranslationSession::isRunning() const { return job_.isRunning(); }

void FileTranslationSession::stop() { job_.stop(); }

void FileTranslationSession::start(const FileTranslationRequest& request) {
  const bool started = job_.start([this, request](BackgroundJob::Control& job) {
    try {
      QElapsedTimer timer;
      timer.start();
      FileTranslationReport report;
      report.input = request.input;
      report.output = request.output;
      if (request.input.isEmpty() || request.output.isEmpty())
        throw std::runtime_error(
            tr("Choose the file to translate and where to write its translation.").toStdString());
      model::checkDistinctFiles(request.input.toStdString(), request.output.toStdString());
      // The file is read first: a file that is not text fails before a model is loaded.
      std::optional<model::LegacyEncoding> encoding;
      if (!request.encoding.isEmpty()) {
        encoding = model::parseLegacyEncoding(request.encoding.toStdString());
        if (!encoding)
          throw std::runtime_error(
              tr("%1 is not an encoding this app reads.").arg(request.encoding).toStdString());
      }
      // An XLIFF file is written back with its segments' targets, a web page with its blocks, a Word
      // document, PowerPoint presentation or OpenDocument with its paragraphs translated in place, an
      // EPUB book with its pages, subtitles with their cues and a Markdown document with its blocks; any
      // other is text, line for line.
      const auto xliff = model::readXliffFile(request.input.toStdString());
      std::optional<model::HtmlDocument> html;
      std::optional<model::OfficeDocument> office;
      std::optional<model::EpubBook> book;
      std::optional<model::SubtitleDocument> subtitles;
      std::optional<model::MarkdownDocument> markdown;
      model::TextDocument document;
      try {
        if (!xliff) html = model::readHtmlFile(request.input.toStdString(), encoding);
        if (!xliff && !html) office = model::readOfficeFile(request.input.toStdString());
        if (!xliff && !html && !office) book = model::readEpubFile(request.input.toStdString());
        if ((office || book) && encoding)
          throw std::runtime_error(
              tr("A Word document, PowerPoint presentation, OpenDocument or EPUB book is read as it says it "
                 "is written, not in %1.")
                  .arg(request.encoding)
                  .toStdString());
        if (!xliff && !html && !office && !book)
          subtitles = model::readSubtitleFile(request.input.toStdString(), encoding);
        if (!xliff && !html && !office && !book && !subtitles)
          markdown = model::readMarkdownFile(request.input.toStdString(), encoding);
        if (!xliff && !html && !office && !book && !subtitles && !markdown)
          document = model::readTextDocument(request.input.toStdString(), encoding);
      } catch (const model::NotUtf8Error& e) {  // the bar offers to read it in the encoding it reads as
        if (e.reads_as)
          BackgroundJob::post(this,
                              [this, name = QString::fromStdString(model::legacyEncodingName(*e.reads_as))] {
                                Q_EMIT readsAs(name);
                              });
        throw;
      }
      QString error;
      report.modelPath = resolveModelSource(request.model, &error);
      if (report.modelPath.isEmpty()) throw std::runtime_error(error.toStdString());
      auto settings = request.settings;
      std::vector<std::string> models{report.modelPath.toStdString()};
      if (settings.headMask.trimmed().isEmpty())
        for (const auto& path : settings.ensemble) models.push_back(path.toStdString());
      auto translator = openTranslator(models.front(), model::decodingDevice("auto", models));
      // An ensemble, as Translate's (a head mask names one model's heads: that model alone).
      if (settings.headMask.trimmed().isEmpty()) {
        for (const auto& path : settings.ensemble) translator.addToEnsemble(path.toStdString());
        translator.setEnsembleWeights(ensembleWeights(settings, int(settings.ensemble.size())));
        report.ensemble = settings.ensemble;
      }
      settings.prefix.clear();  // a prefix belongs to one sentence, not to every line of a file
      settings.nbest = 1;
      auto options = decodingOptions(settings);
      addMaskAndPrefix(translator, settings, options);
      if (!settings.glossary.isEmpty()) {
        options.glossary =
            std::make_shared<const model::Glossary>(model::readGlossary(settings.glossary.toStdString()));
        for (const auto& note : options.glossary->notes) report.glossaryNotes << QString::fromStdString(note);
      }
      if (!settings.shortlist.isEmpty()) {
        auto list =
            std::make_shared<const model::Shortlist>(model::readShortlist(settings.shortlist.toStdString()));
        list->checkFits(translator.modelHandle()->options().vocab_size,
                        model::hashFile(translator.tokenizer().path()), settings.shortlist.toStdString());
        options.shortlist = std::move(list);
      }
      const auto heard = [this](size_t done, size_t total) {
        BackgroundJob::post(this, [this, done, total] { Q_EMIT progress(int(done), int(total)); });
      };
      const auto stop = [&job] { return job.stopRequested(); };
      // An XLIFF file, a web page or a document: written back whole, what was translated in it counted.
      const auto written = [&](const std::string& text, size_t sentences,
                               const std::vector<std::string>& notices,
                               const std::vector<data::TmxUnit>& memory, size_t left_out) {
        model::writeFileAtomically(request.output.toStdString(), text);
        report.segments = report.decoded = int(sentences);
        for (const auto& notice : notices) report.notices << QString::fromStdString(notice);
        for (const auto& unit : memory)
          report.memory.append(
              {QString::fromStdString(unit.vietnamese), QString::fromStdString(unit.english)});
        report.memoryLeftOut = int(left_out);
        report.seconds = double(timer.elapsed()) / 1000.0;
        job.finish();
        BackgroundJob::post(this, [this, report] { Q_EMIT finished(report); });
      };
      if (xliff) {
        const auto done = model::translateXliff(translator, *xliff, options, heard, stop);
        report.xliffSegments = int(done.translated);
        report.xliffKept = int(done.kept);
        report.xliffNotTranslatable = int(done.not_translatable);
        return written(done.text, done.sentences, done.notices, done.memory, done.memory_left_out);
      }
      if (html) {
        const auto done = model::translateHtml(translator, *html, options, heard, stop);
        report.htmlBlocks = int(done.blocks);
        report.htmlAttributes = int(done.attributes);
        report.htmlNotTranslatable = int(done.not_translatable);
        report.htmlOtherLanguage = int(done.other_language);
        report.htmlEncoding = QString::fromStdString(html->encoding);
        report.readingNotices = int(html->notices.size());
        return written(done.text, done.sentences, done.notices, done.memory, done.memory_left_out);
      }
      if (office) {
        const auto done = model::translateOfficeDocument(translator, *office, options, heard, stop);
        report.officeParagraphs = int(done.paragraphs);
        report.officeCells = office->spreadsheet();
        report.officeKept = int(done.kept);
        report.officeComments = int(done.comments);
        report.officeTcvn3 = int(done.tcvn3);
        report.officeVni = int(done.vni);
        report.readingNotices = int(done.kept);
        return written(done.bytes, done.sentences, done.notices, done.memory, done.memory_left_out);
      }
      if (subtitles) {
        const auto done = model::translateSubtitles(translator, *subtitles, options, heard, stop);
        report.subtitleCues = int(done.cues);
        report.readingNotices = int(subtitles->notices.size());
        if (!done.encoding_notice.empty())
          report.encodingNotice = QString::fromStdString(done.encoding_notice);
        report.encoding = QString::fromStdString(
            encoding && done.encoding_notice.empty() ? model::legacyEncodingName(*encoding) : std::string());
        return written(done.document.text(), done.sentences, done.notices, done.memory, done.memory_left_out);
      }
      if (markdown) {
        const auto done = model::translateMarkdown(translator, *markdown, options, heard, stop);
        report.markdownBlocks = int(done.blocks);
        report.markdownKept = int(done.code_blocks + done.html_blocks);
        if (!done.encoding_notice.empty())
          report.encodingNotice = QString::fromStdString(done.encoding_notice);
        report.encoding = QString::fromStdString(
            encoding && done.encoding_notice.empty() ? model::legacyEncodingName(*encoding) : std::string());
        return written(done.document.text(), done.sentences, done.notices, done.memory, done.memory_left_out);
      }
      if (book) {
        const auto done = model::translateEpub(translator, *book, options, heard, stop);
        report.epubPages = int(done.pages);
        report.epubBlocks = int(done.blocks);
        report.epubAttributes = int(done.attributes);
        report.epubTexts = int(done.texts);
        report.htmlNotTranslatable = int(done.not_translatable);
        report.htmlOtherLanguage = int(done.other_language);
        report.readingNotices = int(book->notices.size());
        return written(done.bytes, done.sentences, done.notices, done.memory, done.memory_left_out);
      }
      const auto translated =
          settings.markup
              ? model::translateMarkedDocument(translator, document, options, splitMode(settings), heard,
                                               stop)
              : model::translateDocument(translator, document, options, splitMode(settings), heard, stop);
      auto translation = translated.translation;
      const std::string written_as = model::fitEncoding(translation);
      model::writeTextDocument(request.output.toStdString(), translation);
      if (!written_as.empty()) report.encodingNotice = QString::fromStdString(written_as);
      report.encoding = QString::fromStdString(
          encoding && written_as.empty() ? model::legacyEncodingName(*encoding) : std::string());
      report.lines = int(document.lines.size());
      report.segments = int(translated.segments);
      report.decoded = int(translated.decoded);
      report.wrappedBreaks = int(translated.wrapped_breaks);
      for (const auto& notice : translated.notices) report.notices << QString::fromStdString(notice);
      size_t left_out = 0;
      for (const auto& unit : model::memoryUnits(translated, &left_out))
        report.memory.append({QString::fromStdString(unit.vietnamese), QString::fromStdString(unit.english)});
      report.memoryLeftOut = int(left_out);
      if (!settings.markup) {
        auto kept = std::make_shared<AlignableFile>();
        kept->head_mask = options.head_mask;
        kept->lines = translated.lines;
        kept->translator = std::make_shared<model::Translator>(std::move(translator));
        report.decoderLayers = int(kept->translator->modelHandle()->options().decoder_layers);
        report.alignable = std::move(kept);
      }
      report.seconds = double(timer.elapsed()) / 1000.0;
      job.finish();
      BackgroundJob::post(this, [this, report] { Q_EMIT finished(report); });
    } catch (const model::TranslationStopped&) {
      job.finish();
      BackgroundJob::post(this, [this] { Q_EMIT stopped(); });
    } catch (const std::bad_alloc&) {
      job.finish();
      BackgroundJob::post(this, [this, input = request.input] {
        Q_EMIT failed(
            tr("Out of memory while translating %1. Try a smaller beam, or stop training to free memory.")
                .arg(input));
      });
    } catch (const std::exception& e) {
      job.finish();
      BackgroundJob::post(this, [this, message = QString::fromUtf8(e.what()).section('\n', 0, 0)] {
        Q_EMIT failed(message);
      });
    }
  });
  if (!started) Q_EMIT failed(tr("A file is being translated already."));
}

void FileTranslationSession::saveAlignments(const FileTranslationReport& report, const QString& path,
                                            const AlignmentExport& how) {
  const auto file = report.alignable;
  if (!file) {
    Q_EMIT failed(tr("Only a text file translated without Keep tags can be aligned."));
    return;
  }
  using Kind = model::AlignmentFormat::Kind;
  model::AlignmentFormat format;
  switch (how.links) {
    case AlignmentExport::Links::Hard:
      format.kind = Kind::Hard;
      break;
    case AlignmentExport::Links::Union:
      format.kind = Kind::Union;
      break;
    case AlignmentExport::Links::Threshold:
      format.kind = Kind::Threshold;
      break;
    case AlignmentExport::Links::Soft:
      format.kind = Kind::Soft;
      break;
  }
  format.threshold = how.threshold;
  const model::AlignmentOptions attention{how.layer, how.shifted};
  const bool started = job_.start([this, file, path, format, attention](BackgroundJob::Control& job) {
    try {
      model::checkAlignmentOptions(file->translator->modelHandle()->options(), attention);
      const auto& lines = file->lines;
      std::string text;
      int links = 0;
      for (size_t first = 0; first < lines.size(); first += kAlignedAtOnce) {
        if (job.stopRequested()) throw model::TranslationStopped();
        const std::vector<model::TextTranslation> batch(
            lines.begin() + long(first),
            lines.begin() + long(std::min(lines.size(), first + kAlignedAtOnce)));
        std::vector<std::vector<model::WordAlignment>> aligned;
        {
          auto model = file->translator->modelHandle();
          model::ScopedHeadMask heads_off(model, file->head_mask);
          aligned = model::alignTexts(*file->translator, batch, 1, attention);
        }
        for (const auto& hypotheses : aligned) {
          if (!hypotheses.empty()) {
            links += int(model::formatLinks(hypotheses.front(), format).size());
            text += model::alignmentLine(hypotheses.front(), format);
          }
          text += '\n';
        }
        const size_t done = std::min(lines.size(), first + kAlignedAtOnce);
        BackgroundJob::post(this,
                            [this, done, count = lines.size()] { Q_EMIT aligning(int(done), int(count)); });
      }
      model::writeFileAtomically(path.toStdString(), text);
      job.finish();
      BackgroundJob::post(this, [this, path, count = lines.size(), links] {
        Q_EMIT alignmentsSaved(path, int(count), links);
      });
    } catch (const model::TranslationStopped&) {
      job.finish();
      BackgroundJob::post(this, [this] { Q_EMIT stopped(); });
    } catch (const std::exception& e) {
      job.finish();
      BackgroundJob::post(this, [this, message = QString::fromUtf8(e.what()).section('\n', 0, 0)] {
        Q_EMIT failed(message);
      });
    }
  });
  if (!started) Q_EMIT failed(tr("A file is being translated already."));
}

QString saveTranslationMemory(const FileTranslationReport& report, const QString& path) {
  std::vector<data::TmxUnit> units;
  for (const auto& [vi, en] : report.memory) units.push_back({vi.toStdString(), en.toStdString(), {}});
  try {
    model::writeFileAtomically(
        path.toStdString(),
        data::tmxDocument(units, "Attention Studio", QCoreApplication::applicationVersion().toStdString()));
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
  return {};
}

}  // namespace studio::app
