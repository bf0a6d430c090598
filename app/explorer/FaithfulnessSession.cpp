#include "app/explorer/FaithfulnessSession.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "app/explorer/HeadRankingSession.h"
#include "app/translation/OpenModel.h"
#include "model/data/Text.h"
#include "model/decoding/Translator.h"
#include "model/explaining/Faithfulness.h"
#include "model/files/AtomicFile.h"
#include "model/runtime/Runtime.h"

namespace studio::app {

namespace {

std::vector<std::string> readSentences(const QString& path, int limit) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
    throw std::runtime_error(QString("cannot read '%1': %2").arg(path, file.errorString()).toStdString());
  std::vector<std::string> lines;
  int number = 0;
  while (!file.atEnd() && (limit <= 0 || int(lines.size()) < limit)) {
    ++number;
    std::string line = file.readLine().toStdString();
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
    if (!data::isValidUtf8(line))
      throw std::runtime_error(QString("'%1', line %2: not UTF-8").arg(path).arg(number).toStdString());
    lines.push_back(data::normalizeWhitespace(line));
  }
  if (lines.empty()) throw std::runtime_error(QString("'%1' has no lines").arg(path).toStdString());
  return lines;
}

QJsonDocument toJson(const FaithfulnessResult& r, const QString& replace) {
  QJsonArray curves;
  for (const auto& c : r.curves) {
    QJsonArray deletion, insertion;
    for (double v : c.deletion) deletion.append(v);
    for (double v : c.insertion) insertion.append(v);
    curves.append(QJsonObject{{"method", c.method},
                              {"deletion", deletion},
                              {"insertion", insertion},
                              {"deletion_area", c.deletionArea},
                              {"insertion_area", c.insertionArea},
                              {"seconds", c.seconds}});
  }
  QJsonArray fractions;
  for (double f : r.fractions) fractions.append(f);
  return QJsonDocument(QJsonObject{{"model", r.modelPath},
                                   {"src", r.sourceFile},
                                   {"replace", replace},
                                   {"fractions", fractions},
                                   {"sentences", r.sentences},
                                   {"predictions", r.predictions},
                                   {"skipped", r.skipped},
                                   {"stopped", r.stopped},
                                   {"curves", curves}});
}

// faithfulness.json beside the run's checkpoints (the run folder); "" when the model is in none.
QString save(const FaithfulnessResult& r) {
  QDir dir = QFileInfo(r.modelPath).dir();
  if (dir.dirName() == "checkpoints") dir.cdUp();
  if (!QFileInfo::exists(dir.filePath("config.json"))) return {};
  const QString path = dir.filePath("faithfulness.json");
  model::writeFileAtomically(path.toStdString(), r.json.toStdString());
  return path;
}

}  // namespace

FaithfulnessSession::FaithfulnessSession(QObject* parent) : QObject(parent) {
  qRegisterMetaType<FaithfulnessResult>();
}

FaithfulnessSession::~FaithfulnessSession() = default;  // the job stops and waits

bool FaithfulnessSession::isRunning() const { return job_.isRunning(); }

void FaithfulnessSession::stop() { job_.stop(); }

void FaithfulnessSession::start(const FaithfulnessRequest& request) {
  const bool started = job_.start([this, request](BackgroundJob::Control& job) {
    try {
      QElapsedTimer timer;
      timer.start();
      QString error, reference;
      FaithfulnessResult result;
      result.modelPath = resolveModelSource(request.model, &error);
      if (result.modelPath.isEmpty()) throw std::runtime_error(error.toStdString());
      result.sourceFile = request.sourceFile;
      if (result.sourceFile.isEmpty() && !findDevSplit(result.modelPath, &result.sourceFile, &reference))
        throw std::runtime_error(tr("No dev sentences: the model's run folder names no data folder with dev.vi. "
                                    "Measure with attention-studio-cli faithfulness --src FILE instead.")
                                     .toStdString());
      const auto sentences = readSentences(result.sourceFile, request.sentences);
      auto translator = openTranslator(result.modelPath.toStdString(), model::resolveDevice("auto"));
      model::FaithfulnessOptions options;
      options.methods.clear();
      for (const auto& m : request.methods) options.methods.push_back(model::parseMethod(m.toStdString()));
      options.attribution.steps = request.steps;
      options.replace_with_unk = request.replaceWithUnk;
      model::DecodingOptions greedy;
      greedy.beam_size = 1;
      const auto report = model::measureFaithfulness(
          translator, sentences, greedy, options, [this, &job](size_t done, size_t total) {
            BackgroundJob::post(this, [this, done, total] { Q_EMIT progress(int(done), int(total)); });
            return !job.stopRequested();
          });
      result.sentences = int(report.sentences);
      result.predictions = int(report.predictions);
      result.skipped = int(report.skipped);
      result.stopped = report.stopped;
      result.fractions = QVector<double>(report.fractions.begin(), report.fractions.end());
      for (const auto& c : report.curves)
        result.curves << FaithfulnessCurveView{QString::fromStdString(c.method),
                                               QVector<double>(c.deletion.begin(), c.deletion.end()),
                                               QVector<double>(c.insertion.begin(), c.insertion.end()),
                                               c.deletion_area, c.insertion_area, c.seconds};
      result.seconds = double(timer.elapsed()) / 1000.0;
      result.json = toJson(result, request.replaceWithUnk ? "unk" : "pad").toJson();
      if (result.predictions > 0) result.savedTo = save(result);
      job.finish();
      BackgroundJob::post(this, [this, result] { Q_EMIT finished(result); });
    } catch (const std::exception& e) {
      job.finish();
      BackgroundJob::post(this, [this, message = QString::fromUtf8(e.what()).section('\n', 0, 0)] {
        Q_EMIT failed(message);
      });
    }
  });
  if (!started) Q_EMIT failed(tr("Faithfulness is being measured already."));
}

}  // namespace studio::app
