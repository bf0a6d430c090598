#include "app/training/BackTranslateSession.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <sstream>

#include "model/data/Corpus.h"
#include "model/decoding/Translator.h"
#include "model/files/ModelFile.h"
#include "model/runtime/Runtime.h"
#include "model/training/BackTranslation.h"
#include "model/training/FineTune.h"

namespace studio::app {

namespace {

QString absolutePath(const QString& path) {
  return path.isEmpty() ? path : QFileInfo(path).absoluteFilePath();
}

}  // namespace

BackTranslationRecord readBackTranslation(const QString& dir) {
  BackTranslationRecord record;
  QFile file(QDir(dir).filePath("backtranslation.json"));
  if (!file.open(QIODevice::ReadOnly)) return record;
  const QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
  const QJsonArray models = json["model"].toArray();
  if (models.isEmpty() || !QFileInfo::exists(QDir(dir).filePath("summary.json"))) return record;
  record.valid = true;
  record.model = models.first().toString();
  record.data = json["data"].toString();
  record.translated = json["translated"].toInteger();
  for (const auto& count : json["left_out"].toObject()) record.leftOut += count.toInteger();
  record.syntheticKept = json["synthetic_pairs_kept"].toInteger();
  record.realKept = json["real_pairs_kept"].toInteger();
  record.seconds = json["seconds"].toDouble();
  return record;
}

QString describeBackTranslation(const BackTranslationRecord& record) {
  const QLocale locale;
  return BackTranslateSession::tr(
             "Back-translated by %1: %2 English sentences in %3 s (%4 lines left out); %5 synthetic pairs "
             "kept beside %6 of the data folder's.")
      .arg(QDir::toNativeSeparators(record.model), locale.toString(record.translated))
      .arg(record.seconds, 0, 'f', 0)
      .arg(locale.toString(record.leftOut), locale.toString(record.syntheticKept),
           locale.toString(record.realKept));
}

QString whyNotEnglishToVietnamese(const QString& model_path) {
  try {
    if (model::readModelOptions(model_path.toStdString()).reversed) return {};
    return BackTranslateSession::tr(
               "%1 translates Vietnamese to English. Back-translation needs a model trained English to "
               "Vietnamese on this data folder: choose Direction: English → Vietnamese under Model and train "
               "one first.")
        .arg(QDir::toNativeSeparators(model_path));
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
}

QString backTranslatedDataDirFor(const QString& data_dir, const QString& model_path) {
  QString run;
  try {
    run = QString::fromStdString(model::findModelOrigin(model_path.toStdString()).run_dir);
  } catch (const std::exception&) {
  }
  const QString name = run.isEmpty() ? QFileInfo(model_path).completeBaseName() : QFileInfo(run).fileName();
  const QString base =
      QDir::cleanPath(absolutePath(data_dir)) + QStringLiteral("-back-translated-by-") + name;
  for (int n = 1;; ++n) {
    const QString dir = n == 1 ? base : base + QStringLiteral("-%1").arg(n);
    if (!QFileInfo::exists(dir)) return dir;
  }
}

BackTranslateSession::BackTranslateSession(QObject* parent) : QObject(parent) {}

BackTranslateSession::~BackTranslateSession() = default;  // the job stops and waits

bool BackTranslateSession::isRunning() const { return job_.isRunning(); }

void BackTranslateSession::stop() { job_.stop(); }

void BackTranslateSession::start(const BackTranslateRequest& request) {
  const bool started = job_.start([this, request](BackgroundJob::Control& job) {
    std::ostringstream log;
    auto said = [&log] { return QString::fromStdString(log.str()); };
    try {
      const QString why = whyNotEnglishToVietnamese(request.model);
      if (!why.isEmpty()) throw std::invalid_argument(why.toStdString());
      // The one place the app opens an English-to-Vietnamese model (its workspaces refuse one).
      const auto reverse = model::Translator::fromFiles(request.model.toStdString(), "",
                                                        model::resolveDevice(request.device.toStdString()));
      model::BackTranslationOptions options;
      options.data_dir = request.dataDir.toStdString();
      options.out_dir = request.outDir.toStdString();
      for (const auto& file : request.english) options.english.push_back(file.toStdString());
      options.decoding.beam_size = request.beam;
      options.model_files = {absolutePath(request.model).toStdString()};
      options.stop = [&job] { return job.stopRequested(); };
      model::backTranslateData(reverse, options, log, [this, &job](size_t done, size_t total) {
        if (job.stopRequested()) throw data::PreparationStopped();
        BackgroundJob::post(
            this, [this, done = qint64(done), total = qint64(total)] { Q_EMIT progress(done, total); });
      });
      job.finish();
      BackgroundJob::post(this, [this, text = said(), out = request.outDir] {
        Q_EMIT logText(text);
        Q_EMIT finished(out);
      });
    } catch (const data::PreparationStopped&) {  // nothing of it is left
      job.finish();
      BackgroundJob::post(this, [this, text = said()] {
        Q_EMIT logText(text);
        Q_EMIT stopped();
      });
    } catch (const std::exception& e) {
      job.finish();
      BackgroundJob::post(this, [this, text = said(), message = QString::fromUtf8(e.what())] {
        Q_EMIT logText(text);
        Q_EMIT failed(message);
      });
    }
  });
  if (!started) Q_EMIT failed(tr("A back-translation is already running."));
}

}  // namespace studio::app
