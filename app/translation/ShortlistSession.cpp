#include "app/translation/ShortlistSession.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include "model/data/EncodedCorpus.h"
#include "model/data/Tokenizer.h"
#include "model/decoding/Shortlist.h"
#include "model/files/Hash.h"

namespace studio::app {

namespace {

// The SentencePiece model a model file decodes with, found as Translator::fromFiles finds it: beside the
// file or in its parent folder. "" when neither holds one.
QString tokenizerOf(const QString& model_path) {
  QDir dir = QFileInfo(model_path).dir();
  for (int up = 0; up < 2; ++up) {
    if (QFileInfo::exists(dir.filePath("spm.model"))) return dir.filePath("spm.model");
    if (!dir.cdUp()) break;
  }
  return {};
}

}  // namespace

QString trainingDataOf(const QString& model_path) {
  QDir dir = QFileInfo(model_path).dir();
  for (int up = 0; up < 2; ++up) {
    QFile config(dir.filePath("config.json"));
    if (config.open(QIODevice::ReadOnly)) {
      const QString data = QJsonDocument::fromJson(config.readAll()).object()["data"].toString();
      if (!data.isEmpty()) return data;
    }
    if (!dir.cdUp()) break;
  }
  return {};
}

QString learntShortlistFor(const QString& model_path) {
  const QString data = trainingDataOf(model_path);
  const QString path = QDir(data).filePath("shortlist.txt"), spm = tokenizerOf(model_path);
  if (data.isEmpty() || spm.isEmpty() || !QFileInfo::exists(path)) return {};
  try {
    const auto shortlist = model::readShortlist(path.toStdString());
    return shortlist.vocabularyHash() == model::hashFile(spm.toStdString()) ? path : QString();
  } catch (const std::exception&) {
    return {};  // unreadable: not offered (choosing it names the problem)
  }
}

QString LearnedShortlist::summary() const {
  const QLocale locale;
  QString text = QCoreApplication::translate("studio::app::ShortlistSession",
                                             "Shortlist learnt from %1 training pairs in %2 s")
                     .arg(locale.toString(pairs), locale.toString(seconds, 'f', 1));
  if (measured)
    text += QCoreApplication::translate(
                "studio::app::ShortlistSession",
                ": a dev sentence's list holds %1 of the %2 pieces on average, and %3 % of its reference's")
                .arg(locale.toString(meanSize, 'f', 0), locale.toString(vocabulary),
                     locale.toString(100.0 * covered, 'f', 1));
  return text + '.';
}

ShortlistSession::ShortlistSession(QObject* parent) : QObject(parent) {
  qRegisterMetaType<LearnedShortlist>();
}

ShortlistSession::~ShortlistSession() = default;  // the job waits

bool ShortlistSession::isRunning() const { return job_.isRunning(); }

void ShortlistSession::start(const ModelSource& model) {
  const bool started = job_.start([this, model](BackgroundJob::Control& job) {
    try {
      QElapsedTimer timer;
      timer.start();
      LearnedShortlist result;
      QString error;
      result.modelPath = resolveModelSource(model, &error);
      if (result.modelPath.isEmpty()) throw std::runtime_error(error.toStdString());
      result.dataDir = trainingDataOf(result.modelPath);
      const QString data_spm = QDir(result.dataDir).filePath("spm.model");
      if (result.dataDir.isEmpty() || !QFileInfo::exists(data_spm))
        throw std::runtime_error(tr("No training data to learn from: %1's run names no data folder with its "
                                    "spm.model. Choose a shortlist, or learn one with attention-studio-cli "
                                    "shortlist --data DIR.")
                                     .arg(result.modelPath)
                                     .toStdString());
      // The list's pieces must be the model's: the data folder's SentencePiece model the one it decodes with.
      const QString model_spm = tokenizerOf(result.modelPath);
      const std::string vocabulary_hash = model::hashFile(data_spm.toStdString());
      if (!model_spm.isEmpty() && model::hashFile(model_spm.toStdString()) != vocabulary_hash)
        throw std::runtime_error(
            tr("%1 is not the SentencePiece model of %2 (%3): the data folder was prepared "
               "again since the model trained. A shortlist learnt from it would not fit.")
                .arg(data_spm, result.modelPath, model_spm)
                .toStdString());
      const data::Tokenizer tokenizer(data_spm.toStdString());
      const model::ShortlistOptions options;
      BackgroundJob::post(this, [this, options] { Q_EMIT progress(0, options.iterations); });
      const auto train = data::loadEncodedSplit(result.dataDir.toStdString(), "train", tokenizer);
      result.pairs = qint64(train.size());
      const auto shortlist = model::learnShortlist(
          train, tokenizer.vocabSize(), vocabulary_hash, options, [this](int done, int total) {
            BackgroundJob::post(this, [this, done, total] { Q_EMIT progress(done, total); });
          });
      result.path = QDir(result.dataDir).filePath("shortlist.txt");
      model::saveShortlist(shortlist, result.path.toStdString());
      result.vocabulary = tokenizer.vocabSize();
      if (QFileInfo::exists(QDir(result.dataDir).filePath("dev.vi")) &&
          QFileInfo::exists(QDir(result.dataDir).filePath("dev.en"))) {
        const auto dev = data::loadEncodedSplit(result.dataDir.toStdString(), "dev", tokenizer);
        const auto coverage = model::measureCoverage(shortlist, dev);
        result.measured = true;
        result.covered = coverage.covered;
        result.meanSize = coverage.mean_size;
        result.devSentences = int(coverage.sentences);
      }
      result.seconds = double(timer.elapsed()) / 1000.0;
      job.finish();
      BackgroundJob::post(this, [this, result] { Q_EMIT learned(result); });
    } catch (const std::exception& e) {
      const QString message = QString::fromUtf8(e.what());
      job.finish();
      BackgroundJob::post(this, [this, message] { Q_EMIT failed(message); });
    }
  });
  if (!started) Q_EMIT failed(tr("A shortlist is being learnt already."));
}

}  // namespace studio::app
