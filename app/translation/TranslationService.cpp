#include "app/translation/TranslationService.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QThread>

#include <condition_variable>
#include <map>
#include <mutex>
#include <new>
#include <optional>

#include "app/SnapshotView.h"
#include "app/translation/LoadedModels.h"
#include "app/translation/TranslationReplies.h"
#include "model/data/Text.h"
#include "model/decoding/AttentionCapture.h"
#include "model/decoding/TextTranslation.h"
#include "model/decoding/Translator.h"
#include "model/explaining/TunedLens.h"
#include "model/runtime/Runtime.h"
#include "model/training/Trainer.h"

namespace studio::app {

QStringList sentencesOf(const QString& text) {
  QStringList sentences;
  for (const auto& sentence : data::splitSentences(text.toStdString()))
    sentences << QString::fromStdString(sentence.text);
  return sentences;
}

QString resolveModelSource(const ModelSource& source, QString* error) {
  const QString path = source.path.trimmed();
  auto fail = [error](const QString& message) {
    if (error) *error = message;
    return QString();
  };
  if (path.isEmpty()) return fail(QObject::tr("Choose a model first: a run folder or a model file."));
  const QFileInfo info(path);
  // A file is the model, whichever source was chosen: a run's kinds only say which of its files to take.
  if (info.isFile()) return info.absoluteFilePath();
  switch (source.kind) {
    case ModelSource::Kind::File:
      if (info.isDir())
        return fail(QObject::tr("'%1' is a folder: choose a model file in it, or a run's checkpoint as the "
                                "source (Latest or Best checkpoint of a run).")
                        .arg(path));
      return fail(QObject::tr("The model file '%1' does not exist.").arg(path));
    case ModelSource::Kind::RunBest: {
      const QString best = QDir(path).filePath("best.pt");
      if (!QFileInfo(best).isFile())
        return fail(QObject::tr("The run folder '%1' has no best.pt yet (it is written at the first evaluation).")
                        .arg(path));
      return best;
    }
    case ModelSource::Kind::RunLatest: {
      if (!info.isDir()) return fail(QObject::tr("The run folder '%1' does not exist.").arg(path));
      const QString latest = QString::fromStdString(model::latestCheckpoint(path.toStdString()));
      if (latest.isEmpty())
        return fail(QObject::tr("The run folder '%1' has no checkpoint yet (one is written at every evaluation).")
                        .arg(path));
      return latest;
    }
  }
  return fail(QObject::tr("Unknown model source."));
}

namespace {

void registerTranslationTypes() {
  static const bool done = [] {
    qRegisterMetaType<TranslationReply>();
    qRegisterMetaType<AttentionView>();
    qRegisterMetaType<ExplanationReply>();
    return true;
  }();
  (void)done;
}

}  // namespace

struct TranslationService::Worker {
  TranslationService* owner;
  std::mutex mutex;
  std::condition_variable wake;
  // One waiting translation a channel (TranslateRequest::channel).
  std::map<int, std::pair<quint64, TranslateRequest>> pending_translations;
  std::optional<std::pair<quint64, AttentionRequest>> pending_attention;
  std::optional<std::pair<quint64, ExplanationRequest>> pending_explanation;
  quint64 next_id = 1;
  bool quit = false;
  bool busy = false;
  QThread* thread = nullptr;

  LoadedModels loaded;
  // Sentences translated before, a memo a channel, valid for one model file
  // and one set of settings (the key).
  std::map<int, std::pair<QString, model::TranslationMemo>> memos;

  explicit Worker(TranslationService* o) : owner(o) {}

  // The owner's signals leave on its thread (queued), whoever listens.
  template <typename Emit>
  void post(Emit emit_signal) {
    QMetaObject::invokeMethod(owner, std::move(emit_signal), Qt::QueuedConnection);
  }

  void loop() {
    for (;;) {
      std::optional<std::pair<quint64, TranslateRequest>> translation;
      std::optional<std::pair<quint64, AttentionRequest>> attention;
      std::optional<std::pair<quint64, ExplanationRequest>> explanation;
      {
        std::unique_lock<std::mutex> lock(mutex);
        if (busy && pending_translations.empty() && !pending_attention && !pending_explanation) {
          busy = false;
          post([o = owner] { Q_EMIT o->busyChanged(false); });
        }
        wake.wait(lock, [this] {
          return quit || !pending_translations.empty() || pending_attention || pending_explanation;
        });
        if (quit) return;
        // Typing is interactive: a translation waiting goes first, the
        // oldest of the channels' first.
        if (!pending_translations.empty()) {
          auto oldest = pending_translations.begin();
          for (auto it = pending_translations.begin(); it != pending_translations.end(); ++it)
            if (it->second.first < oldest->second.first) oldest = it;
          translation = oldest->second;
          pending_translations.erase(oldest);
        } else if (pending_attention) {
          attention.swap(pending_attention);
        } else {
          explanation.swap(pending_explanation);
        }
        if (!busy) {
          busy = true;
          post([o = owner] { Q_EMIT o->busyChanged(true); });
        }
      }
      const quint64 id = translation ? translation->first : attention ? attention->first : explanation->first;
      try {
        if (translation)
          runTranslation(id, translation->second);
        else if (attention)
          runAttention(id, attention->second);
        else
          runExplanation(id, explanation->second);
      } catch (const std::bad_alloc&) {
        post([o = owner, id,
              message = tr("Out of memory while translating. Try a shorter sentence, a smaller "
                           "beam, or stop training to free memory.")] { Q_EMIT o->failed(id, message); });
      } catch (const std::exception& e) {
        post([o = owner, id, message = QString::fromUtf8(e.what()).section('\n', 0, 0)] {
          Q_EMIT o->failed(id, message);
        });
      }
    }
  }

  static QString tr(const char* text) { return TranslationService::tr(text); }

  void runTranslation(quint64 id, const TranslateRequest& request) {
    QElapsedTimer timer;
    timer.start();
    TranslationReply reply;
    reply.id = id;
    auto options = decodingOptions(request.settings);
    const auto& settings = request.settings;
    if (settings.markup && settings.paragraphs)
      throw std::runtime_error(
          tr("Tags are kept a line at a time: turn off Lines wrapped within paragraphs.").toStdString());
    // With markup, the words are translated without the tags, which go back in after.
    const std::string typed = checkedText(request.text, /*normalize=*/false);
    const auto marked = settings.markup ? markedLines(typed) : MarkedLines{};
    const std::string& text = settings.markup ? marked.plain : typed;
    reply.headMask = request.settings.headMask;
    reply.prefix = request.settings.prefix;
    const auto& single = loaded.load(request.model, &reply.modelPath);
    addMaskAndPrefix(single, request.settings, options);
    // Heads belong to one model: a request with a head mask (the explorer's) decodes with it alone.
    QString ensemble;
    const bool joined = !settings.ensemble.isEmpty() && settings.headMask.trimmed().isEmpty();
    const auto& t =
        joined ? loaded.withEnsemble(single, settings.ensemble,
                                     ensembleWeights(settings, int(settings.ensemble.size())), &ensemble)
               : single;
    if (joined) reply.ensemble = settings.ensemble;
    static const bool gpu_here = model::resolveDevice("auto").is_cuda();  // asked once
    if (gpu_here) reply.gpuMachineDevice = QString::fromStdString(t.device().str());
    options.glossary = loaded.glossary(settings.glossary);
    if (options.glossary)
      for (const auto& note : options.glossary->notes) reply.glossaryNotes << QString::fromStdString(note);
    options.shortlist = loaded.shortlist(settings.shortlist, t);
    const QString sampled = settings.sampling ? QStringLiteral("sampling %1 %2 %3 %4")
                                                    .arg(settings.temperature)
                                                    .arg(settings.topK)
                                                    .arg(settings.topP)
                                                    .arg(settings.seed)
                                              : QString();
    const QString key = QStringLiteral("%1|%2|%3|%4|%5|%6|%7|%8|%9|%10|%11|%12|%13")
                            .arg(reply.modelPath, loaded.loadedStamp())
                            .arg(settings.beam)
                            .arg(settings.alpha)
                            .arg(settings.nbest)
                            .arg(settings.maxLengthRatio)
                            .arg(settings.headMask)
                            .arg(settings.glossary + loaded.glossaryStamp())
                            .arg(settings.int8 ? 1 : 0)
                            .arg(settings.shortlist + loaded.shortlistStamp())
                            .arg(settings.bf16 ? 1 : 0)
                            .arg(ensemble, sampled) +
                        (options.verbatim ? QStringLiteral("|verbatim") : QString());
    auto& [memo_key, memo] = memos[request.channel];
    if (memo_key != key) memo_key = key, memo.entries.clear();
    const auto result = model::translateTexts(t, {text}, options, splitMode(settings), 4096, nullptr,
                                              request.withTrace, &memo)
                            .at(0);
    const auto& segments = result.source.segments;
    reply.segments = int(segments.size());
    for (const auto& notice : result.source.notices) reply.notices << QString::fromStdString(notice);
    if (!settings.paragraphs) reply.wrappedBreaks = int(data::breaksInsideSentences(text));
    if (!segments.empty()) {
      reply.translation =
          QString::fromStdString(settings.markup ? placeMarkedLines(t, marked, result) : result.text());
      const std::string before =
          request.cursor < 0 ? std::string() : request.text.left(request.cursor).toStdString();
      const size_t cursor = settings.markup ? markedLines(before).plain.size() : before.size();
      const size_t focus = result.source.segmentAt(cursor);
      reply.focus = int(focus);
      const std::string& sentence = segments[focus].text;
      reply.source = QString::fromStdString(sentence);
      for (const auto& r : result.segments[focus]) reply.nbest << toHypothesis(r);
      if (request.withAlignment && !reply.nbest.isEmpty()) {
        // The first model's attention over the translation (an ensemble's too).
        fillView(reply.alignment, model::captureAttention(single, sentence, result.segments[focus][0]),
                 /*with_json=*/false);
        const auto& terms = result.segments[focus][0].terms;
        for (int k = 0; k < reply.nbest.front().terms.size() && size_t(k) < terms.size(); ++k)
          reply.nbest.front().terms[k].attention =
              termAttention(reply.alignment, sentence, terms[size_t(k)].source_begin, terms[size_t(k)].source_end,
                            int(terms[size_t(k)].start), int(terms[size_t(k)].length));
        reply.alignment.id = id;
        reply.alignment.modelPath = reply.modelPath;
      }
      if (request.withReference) {
        // Held by name: a range over .at(0) of the returned temporary would outlive it.
        const auto reference = t.translate({sentence}, decodingOptions(request.settings));
        for (const auto& r : reference.at(0)) reply.reference << toHypothesis(r);
      }
      if (!result.traces.empty()) reply.beam = beamTree(result.traces[focus], t);
    }
    reply.milliseconds = double(timer.nsecsElapsed()) / 1e6;
    post([o = owner, reply] { Q_EMIT o->translated(reply); });
  }

  // The tuned lens beside the model, when there is one that fits it; else
  // null, with `note` saying why.
  static std::shared_ptr<const model::TunedLens> tunedLensOf(const model::Translator& t,
                                                             const QString& model_path, QString* note) {
    const std::string path = model::tunedLensPathBeside(model_path.toStdString());
    const QString name = QFileInfo(QString::fromStdString(path)).fileName();
    if (!QFileInfo::exists(QString::fromStdString(path))) {
      *note = tr("No tuned lens beside %1 (%2): read as the logit lens. Train one with Train a tuned lens.")
                  .arg(QFileInfo(model_path).fileName(), name);
      return nullptr;
    }
    try {
      auto lens = std::make_shared<model::TunedLens>(model::loadTunedLens(path));
      auto handle = t.modelHandle();
      model::checkTunedLensFits(*lens, handle, path);
      return lens;
    } catch (const std::exception& e) {
      *note = tr("%1 cannot be used (%2): read as the logit lens. Train it again with Train a tuned lens.")
                  .arg(name, QString::fromUtf8(e.what()));
      return nullptr;
    }
  }

  void runAttention(quint64 id, const AttentionRequest& request) {
    AttentionView view;
    view.id = id;
    auto options = decodingOptions(request.settings);
    options.nbest = 1;
    const std::string text = checkedText(request.text);
    if (text.empty()) throw std::runtime_error(tr("Type a sentence to explore its attention.").toStdString());
    const auto& t = loaded.load(request.model, &view.modelPath);
    model::CaptureOptions capture;
    capture.pad_to = request.padTo;
    capture.vectors = request.vectors;
    capture.lens_top = request.lensTop;
    QString lens_note;
    if (request.tunedLens && request.lensTop > 0)
      capture.tuned_lens = tunedLensOf(t, view.modelPath, &lens_note);
    const std::string target = checkedText(request.target);
    if (target.empty())
      fillView(view, model::captureAttention(t, text, options, capture), /*with_json=*/true);
    else
      fillGivenTranslationView(view, t, text, target, options, capture);
    view.lensNote = lens_note;
    post([o = owner, view] { Q_EMIT o->attentionCaptured(view); });
  }

  void runExplanation(quint64 id, const ExplanationRequest& request) {
    QElapsedTimer timer;
    timer.start();
    auto options = decodingOptions(request.settings);
    options.nbest = 1;
    const std::string text = checkedText(request.text);
    if (text.empty()) throw std::runtime_error(tr("Type a sentence to explain its translation.").toStdString());
    QString path;
    const auto& t = loaded.load(request.model, &path);
    auto reply = explainSentence(t, text, request, options);
    reply.id = id;
    reply.modelPath = path;
    reply.milliseconds = double(timer.nsecsElapsed()) / 1e6;
    post([o = owner, reply] { Q_EMIT o->explained(reply); });
  }
};

TranslationService::TranslationService(QObject* parent) : QObject(parent), worker_(std::make_unique<Worker>(this)) {
  registerTranslationTypes();
  Worker* worker = worker_.get();
  worker_->thread = QThread::create([worker] { worker->loop(); });
  worker_->thread->setObjectName("translation");
  worker_->thread->start();
}

TranslationService::~TranslationService() {
  {
    std::lock_guard<std::mutex> lock(worker_->mutex);
    worker_->quit = true;
  }
  worker_->wake.notify_all();
  worker_->thread->wait();
  delete worker_->thread;
}

namespace {

// Puts `request` in the waiting slot (replacing what waited there) and wakes the worker.
template <typename Request>
quint64 enqueue(std::mutex& mutex, std::condition_variable& wake, quint64& next_id,
                std::optional<std::pair<quint64, Request>>& slot, const Request& request) {
  quint64 id;
  {
    std::lock_guard<std::mutex> lock(mutex);
    id = next_id++;
    slot.emplace(id, request);
  }
  wake.notify_one();
  return id;
}

}  // namespace

quint64 TranslationService::translate(const TranslateRequest& request) {
  quint64 id;
  {
    std::lock_guard<std::mutex> lock(worker_->mutex);
    id = worker_->next_id++;
    worker_->pending_translations[request.channel] = {id, request};
  }
  worker_->wake.notify_one();
  return id;
}

quint64 TranslationService::captureAttention(const AttentionRequest& request) {
  return enqueue(worker_->mutex, worker_->wake, worker_->next_id, worker_->pending_attention, request);
}

quint64 TranslationService::explain(const ExplanationRequest& request) {
  return enqueue(worker_->mutex, worker_->wake, worker_->next_id, worker_->pending_explanation, request);
}

bool TranslationService::isBusy() const {
  std::lock_guard<std::mutex> lock(worker_->mutex);
  return worker_->busy || !worker_->pending_translations.empty() || worker_->pending_attention ||
         worker_->pending_explanation;
}

}  // namespace studio::app
