<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="vi_VN">
<context>
    <name>DifferenceText</name>
    <message>
        <source>no: the same translations</source>
        <translation>không: cùng các bản dịch</translation>
    </message>
    <message>
        <source>yes (p = %1)</source>
        <translation>có (p = %1)</translation>
    </message>
    <message>
        <source>no (p = %1)</source>
        <translation>không (p = %1)</translation>
    </message>
</context>
<context>
    <name>Explanations</name>
    <message>
        <source>Attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <source>Attention rollout</source>
        <translation>Attention rollout (lan truyền attention)</translation>
    </message>
    <message>
        <source>ALTI+</source>
        <translation>ALTI+</translation>
    </message>
    <message>
        <source>Gradient × input</source>
        <translation>Gradient × đầu vào</translation>
    </message>
    <message>
        <source>Integrated gradients</source>
        <translation>Gradient tích phân</translation>
    </message>
</context>
<context>
    <name>HeadRoles</name>
    <message>
        <source>mixed</source>
        <translation>hỗn hợp</translation>
    </message>
    <message>
        <source>sink (end token)</source>
        <translation>bể hút (token kết thúc)</translation>
    </message>
    <message>
        <source>previous token</source>
        <translation>token trước</translation>
    </message>
    <message>
        <source>next token</source>
        <translation>token sau</translation>
    </message>
    <message>
        <source>same token</source>
        <translation>chính token đó</translation>
    </message>
    <message>
        <source>diagonal alignment</source>
        <translation>gióng hàng chéo</translation>
    </message>
    <message>
        <source>punctuation</source>
        <translation>dấu câu</translation>
    </message>
    <message>
        <source>rare words</source>
        <translation>từ hiếm</translation>
    </message>
    <message>
        <source>broad</source>
        <translation>dàn trải</translation>
    </message>
</context>
<context>
    <name>OpenModel</name>
    <message>
        <source>%1 translates English to Vietnamese: a model trained for back-translation. The app translates and explains Vietnamese to English; give this model to attention-studio-cli back-translate, or open a Vietnamese to English one.</source>
        <translation>%1 dịch tiếng Anh sang tiếng Việt: một mô hình được huấn luyện để dịch ngược (back-translation). Ứng dụng dịch và giải thích từ tiếng Việt sang tiếng Anh; hãy dùng mô hình này với attention-studio-cli back-translate, hoặc mở một mô hình dịch tiếng Việt sang tiếng Anh.</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source> (dropped: %1)</source>
        <translation> (bỏ: %1)</translation>
    </message>
    <message>
        <source>SentencePiece vocabulary: %1</source>
        <translation>Từ vựng SentencePiece: %1</translation>
    </message>
    <message>
        <source>Padding in %1-token batches: %2 %</source>
        <translation>Phần đệm trong các lô %1 token: %2 %</translation>
    </message>
    <message>
        <source>Choose a model first: a run folder or a model file.</source>
        <translation>Hãy chọn mô hình trước: một thư mục huấn luyện hoặc một tệp mô hình.</translation>
    </message>
    <message>
        <source>The model file &apos;%1&apos; does not exist.</source>
        <translation>Tệp mô hình &apos;%1&apos; không tồn tại.</translation>
    </message>
    <message>
        <source>The run folder &apos;%1&apos; has no best.pt yet (it is written at the first evaluation).</source>
        <translation>Thư mục huấn luyện &apos;%1&apos; chưa có best.pt (tệp này được ghi ở lần đánh giá đầu tiên).</translation>
    </message>
    <message>
        <source>The run folder &apos;%1&apos; does not exist.</source>
        <translation>Thư mục huấn luyện &apos;%1&apos; không tồn tại.</translation>
    </message>
    <message>
        <source>The run folder &apos;%1&apos; has no checkpoint yet (one is written at every evaluation).</source>
        <translation>Thư mục huấn luyện &apos;%1&apos; chưa có checkpoint nào (mỗi lần đánh giá ghi một checkpoint).</translation>
    </message>
    <message>
        <source>Unknown model source.</source>
        <translation>Nguồn mô hình không xác định.</translation>
    </message>
    <message numerus="yes">
        <source>CUDA, %n GPU(s)</source>
        <translation>
            <numerusform>CUDA, %n GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>CUDA: %1</source>
        <translation>CUDA: %1</translation>
    </message>
    <message numerus="yes">
        <source>CPU, %n thread(s)%1</source>
        <translation>
            <numerusform>CPU, %n luồng%1</numerusform>
        </translation>
    </message>
    <message>
        <source> (no usable GPU found)</source>
        <translation> (không tìm thấy GPU dùng được)</translation>
    </message>
    <message>
        <source> (this build has no CUDA)</source>
        <translation> (bản dựng này không có CUDA)</translation>
    </message>
    <message>
        <source>encoder self-attention</source>
        <translation>self-attention của bộ mã hoá</translation>
    </message>
    <message>
        <source>decoder self-attention</source>
        <translation>self-attention của bộ giải mã</translation>
    </message>
    <message>
        <source>cross-attention</source>
        <translation>cross-attention</translation>
    </message>
    <message>
        <source>&apos;%1&apos; cannot be compared: %2</source>
        <translation>Không thể so sánh &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos;: %2</source>
        <translation>&apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(không có)</translation>
    </message>
    <message>
        <source>same settings</source>
        <translation>cùng thiết lập</translation>
    </message>
    <message>
        <source>Probe sentences, line %1: %2</source>
        <translation>Câu thăm dò, dòng %1: %2</translation>
    </message>
    <message>
        <source>This view has no queries and keys: they are recorded when a sentence is captured, not in a run&apos;s probe records.</source>
        <translation>Khung nhìn này không có truy vấn và khoá: chúng được ghi khi một câu được ghi lại, không có trong bản ghi thăm dò của một lượt huấn luyện.</translation>
    </message>
    <message>
        <source>No such query, layer or head in this view (layer %1, head %2, query %3).</source>
        <translation>Khung nhìn này không có truy vấn, lớp hay đầu đó (lớp %1, đầu %2, truy vấn %3).</translation>
    </message>
    <message>
        <source>Stopped: the packages fetched so far stay in the cache for the next try.</source>
        <translation>Đã dừng: các gói đã tải vẫn nằm trong bộ nhớ đệm cho lần thử sau.</translation>
    </message>
    <message>
        <source>apt-get is not on this computer: the demo corpus is made from Debian&apos;s packages. On another system, train on a corpus of your own.</source>
        <translation>Máy này không có apt-get: kho ngữ liệu mẫu được làm từ các gói của Debian. Trên hệ thống khác, hãy huấn luyện trên kho ngữ liệu của riêng bạn.</translation>
    </message>
    <message>
        <source>apt-get could not download any of the %1 packages (%2). Refresh the package lists (sudo apt-get update) and try again.</source>
        <translation>apt-get không tải được gói nào trong %1 gói (%2). Hãy làm mới danh sách gói (sudo apt-get update) rồi thử lại.</translation>
    </message>
    <message>
        <source>dpkg-deb is not on this computer: the demo corpus is made from Debian&apos;s packages.</source>
        <translation>Máy này không có dpkg-deb: kho ngữ liệu mẫu được làm từ các gói của Debian.</translation>
    </message>
    <message>
        <source>  %1 read as %2</source>
        <translation>  %1 được đọc theo %2</translation>
    </message>
    <message>
        <source>The ensemble weight &apos;%1&apos; is not a positive number.</source>
        <translation>Trọng số tổ hợp &apos;%1&apos; không phải là một số dương.</translation>
    </message>
    <message numerus="yes">
        <source>%n ensemble weights for %1 models: give one a model, this one first.</source>
        <translation>
            <numerusform>%n trọng số tổ hợp cho %1 mô hình: hãy cho mỗi mô hình một trọng số, mô hình này trước.</numerusform>
        </translation>
    </message>
    <message>
        <source>not UTF-8</source>
        <translation>không phải UTF-8</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>rỗng</translation>
    </message>
    <message>
        <source>too long</source>
        <translation>quá dài</translation>
    </message>
    <message>
        <source>lengths too far apart</source>
        <translation>độ dài chênh lệch quá nhiều</translation>
    </message>
    <message>
        <source>malformed</source>
        <translation>sai dạng</translation>
    </message>
    <message>
        <source>no Vietnamese</source>
        <translation>không có tiếng Việt</translation>
    </message>
    <message>
        <source>no English</source>
        <translation>không có tiếng Anh</translation>
    </message>
    <message>
        <source>Read as a translation memory (TMX): a pair from each unit with a Vietnamese and an English variant</source>
        <translation>Đọc như một bộ nhớ dịch (TMX): mỗi đơn vị có bản tiếng Việt và bản tiếng Anh cho một cặp câu</translation>
    </message>
    <message>
        <source>%1 %2, e.g. line %3</source>
        <translation>%1 %2, ví dụ dòng %3</translation>
    </message>
    <message>
        <source>repeated</source>
        <translation>lặp lại</translation>
    </message>
    <message>
        <source>in dev or test</source>
        <translation>có trong tập dev hoặc test</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>không tìm thấy</translation>
    </message>
    <message>
        <source>&apos;%1&apos; or &apos;%2&apos; is not a file</source>
        <translation>&apos;%1&apos; hoặc &apos;%2&apos; không phải là tệp</translation>
    </message>
    <message>
        <source>demo corpus</source>
        <translation>kho ngữ liệu mẫu</translation>
    </message>
    <message>
        <source>folder of splits</source>
        <translation>thư mục các phần đã chia</translation>
    </message>
    <message>
        <source>IWSLT&apos;15 folder</source>
        <translation>thư mục IWSLT&apos;15</translation>
    </message>
    <message>
        <source>two aligned files</source>
        <translation>hai tệp song song</translation>
    </message>
    <message>
        <source>TSV file</source>
        <translation>tệp TSV</translation>
    </message>
    <message>
        <source>translation memory (TMX)</source>
        <translation>bộ nhớ dịch (TMX)</translation>
    </message>
    <message>
        <source>not readable</source>
        <translation>không đọc được</translation>
    </message>
    <message>
        <source>%1 (%2, weight %3): %4 training pairs, each trained on %3 times</source>
        <translation>%1 (%2, trọng số %3): %4 cặp huấn luyện, mỗi cặp được học %3 lần</translation>
    </message>
    <message>
        <source>%1 (%2): %3 training pairs</source>
        <translation>%1 (%2): %3 cặp huấn luyện</translation>
    </message>
    <message>
        <source>Training split: %1 pairs an epoch; dev %2, test %3%4</source>
        <translation>Phần huấn luyện: %1 cặp mỗi epoch; dev %2, test %3%4</translation>
    </message>
    <message>
        <source> (held out by hash from all the corpora)</source>
        <translation> (tách ra theo hàm băm từ tất cả các kho ngữ liệu)</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Cảnh báo: %1</translation>
    </message>
    <message>
        <source>toy task: %1</source>
        <translation>bài toán đồ chơi: %1</translation>
    </message>
    <message>
        <source>Reverse letters</source>
        <translation>Đảo ngược chữ cái</translation>
    </message>
    <message>
        <source>Copy letters</source>
        <translation>Chép lại chữ cái</translation>
    </message>
    <message>
        <source>Sort letters</source>
        <translation>Sắp xếp chữ cái</translation>
    </message>
    <message>
        <source>Vietnamese phrases</source>
        <translation>Cụm từ tiếng Việt</translation>
    </message>
    <message>
        <source>&quot;a c b&quot; becomes &quot;b c a&quot;: the cross-attention forms an anti-diagonal.</source>
        <translation>&quot;a c b&quot; thành &quot;b c a&quot;: cross-attention tạo thành một đường chéo phụ.</translation>
    </message>
    <message>
        <source>&quot;a c b&quot; stays &quot;a c b&quot;: the cross-attention forms a diagonal.</source>
        <translation>&quot;a c b&quot; vẫn là &quot;a c b&quot;: cross-attention tạo thành một đường chéo chính.</translation>
    </message>
    <message>
        <source>&quot;c a b&quot; becomes &quot;a b c&quot;: each output letter finds where it stands in the input.</source>
        <translation>&quot;c a b&quot; thành &quot;a b c&quot;: mỗi chữ cái đầu ra tìm xem nó nằm ở đâu trong đầu vào.</translation>
    </message>
    <message>
        <source>&quot;tôi thấy hai con mèo đen này&quot; becomes &quot;I see these two black cats&quot;: adjectives and this/that change places, verbs agree with their subject.</source>
        <translation>&quot;tôi thấy hai con mèo đen này&quot; thành &quot;I see these two black cats&quot;: tính từ và this/that đổi chỗ, động từ hợp với chủ ngữ.</translation>
    </message>
    <message>
        <source>zip file: %1</source>
        <translation>tệp zip: %1</translation>
    </message>
    <message>
        <source>SentencePiece vocabulary: %1 (BPE)</source>
        <translation>Từ vựng SentencePiece: %1 (BPE)</translation>
    </message>
    <message>
        <source>Row %1</source>
        <translation>Hàng %1</translation>
    </message>
    <message>
        <source>Row %1 (“%2”)</source>
        <translation>Hàng %1 (“%2”)</translation>
    </message>
    <message>
        <source>Cannot read the glossary %1: %2</source>
        <translation>Không đọc được bảng thuật ngữ %1: %2</translation>
    </message>
    <message>
        <source>%1: a term holds a tab or a line break, which a glossary line cannot</source>
        <translation>%1: một thuật ngữ chứa ký tự tab hoặc xuống dòng, điều mà một dòng của bảng thuật ngữ không thể chứa</translation>
    </message>
    <message>
        <source>%1: the Vietnamese term is empty</source>
        <translation>%1: thuật ngữ tiếng Việt đang trống</translation>
    </message>
    <message>
        <source>%1: the English term is empty</source>
        <translation>%1: thuật ngữ tiếng Anh đang trống</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Line %1 of the file: %2</source>
        <translation>Dòng %1 của tệp: %2</translation>
    </message>
    <message>
        <source>Cannot write the glossary %1: %2</source>
        <translation>Không ghi được bảng thuật ngữ %1: %2</translation>
    </message>
    <message>
        <source>Splits: %1 pairs for training, dev %2, test %3%4</source>
        <translation>Các phần: %1 cặp để huấn luyện, dev %2, test %3%4</translation>
    </message>
    <message>
        <source> (held out by hash)</source>
        <translation> (tách ra theo hàm băm)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is a folder: choose a model file in it, or a run&apos;s checkpoint as the source (Latest or Best checkpoint of a run).</source>
        <translation>&apos;%1&apos; là một thư mục: hãy chọn một tệp mô hình trong đó, hoặc chọn nguồn là checkpoint của một lần huấn luyện (Checkpoint mới nhất hoặc tốt nhất của một lần huấn luyện).</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n pair(s) kept of %2%3</source>
        <translation>
            <numerusform>%1: giữ %n cặp trong số %2%3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::app</name>
    <message>
        <source>sink: at least %1 of its attention on the end token (&lt;/s&gt;; &lt;s&gt; in decoder self-attention)</source>
        <translation>bể hút: ít nhất %1 attention của nó nằm trên token kết thúc (&lt;/s&gt;; &lt;s&gt; trong self-attention của bộ giải mã)</translation>
    </message>
    <message>
        <source>previous token: self-attention, at least %1 on the key just before</source>
        <translation>token trước: self-attention, ít nhất %1 trên khoá ngay trước</translation>
    </message>
    <message>
        <source>next token: encoder self-attention, at least %1 on the key just after</source>
        <translation>token sau: self-attention của bộ mã hoá, ít nhất %1 trên khoá ngay sau</translation>
    </message>
    <message>
        <source>same token: self-attention, at least %1 on its own position</source>
        <translation>chính token đó: self-attention, ít nhất %1 trên vị trí của chính nó</translation>
    </message>
    <message>
        <source>diagonal alignment: cross-attention, at least %1 within one key of the scaled diagonal</source>
        <translation>gióng hàng chéo: cross-attention, ít nhất %1 trong phạm vi một khoá quanh đường chéo đã co giãn</translation>
    </message>
    <message>
        <source>broad: entropy at least %1 of the most possible</source>
        <translation>dàn trải: entropy ít nhất bằng %1 mức cao nhất có thể</translation>
    </message>
    <message>
        <source>mixed: none of these; the first rule that holds wins</source>
        <translation>hỗn hợp: không quy tắc nào ở trên; quy tắc đầu tiên đúng sẽ được chọn</translation>
    </message>
    <message>
        <source>dead (from Rank heads): switching it off moves dev BLEU by less than %1 and the loss by less than %2 %</source>
        <translation>chết (từ Xếp hạng đầu): tắt nó làm BLEU dev thay đổi ít hơn %1 và hàm mất mát ít hơn %2 %</translation>
    </message>
    <message>
        <source>punctuation: at least %1 on punctuation, and %2 times its share of the keys</source>
        <translation>dấu câu: ít nhất %1 trên dấu câu, và gấp %2 lần tỉ lệ của chúng trong các khoá</translation>
    </message>
    <message>
        <source>rare words: at least %1 on pieces of words SentencePiece splits, and %2 times their share</source>
        <translation>từ hiếm: ít nhất %1 trên các mảnh của những từ SentencePiece tách ra, và gấp %2 lần tỉ lệ của chúng</translation>
    </message>
</context>
<context>
    <name>studio::app::BackTranslateSession</name>
    <message>
        <source>Back-translated by %1: %2 English sentences in %3 s (%4 lines left out); %5 synthetic pairs kept beside %6 of the data folder&apos;s.</source>
        <translation>Dịch ngược bởi %1: %2 câu tiếng Anh trong %3 s (bỏ %4 dòng); giữ %5 cặp tổng hợp bên cạnh %6 cặp của thư mục dữ liệu.</translation>
    </message>
    <message>
        <source>%1 translates Vietnamese to English. Back-translation needs a model trained English to Vietnamese on this data folder: choose Direction: English → Vietnamese under Model and train one first.</source>
        <translation>%1 dịch tiếng Việt sang tiếng Anh. Dịch ngược cần một mô hình được huấn luyện dịch tiếng Anh sang tiếng Việt trên thư mục dữ liệu này: hãy chọn Chiều dịch: Anh → Việt ở mục Mô hình và huấn luyện một mô hình như vậy trước.</translation>
    </message>
    <message>
        <source>A back-translation is already running.</source>
        <translation>Một lượt dịch ngược đang chạy.</translation>
    </message>
</context>
<context>
    <name>studio::app::DemoCorpusSession</name>
    <message>
        <source>The demo corpus is being fetched already.</source>
        <translation>Kho ngữ liệu mẫu đang được tải rồi.</translation>
    </message>
</context>
<context>
    <name>studio::app::DistillSession</name>
    <message>
        <source>A distillation is already running.</source>
        <translation>Một lần chưng cất đang chạy rồi.</translation>
    </message>
    <message>
        <source>Distilled by %1: %2 training pairs translated in %3 s (beam %4, %8); %5 % as the references have them, BLEU %6 against them; %7 pairs kept.</source>
        <translation>Chưng cất bởi %1: %2 cặp huấn luyện được dịch trong %3 s (chùm %4, %8); %5 % giống bản tham chiếu, BLEU %6 so với chúng; giữ lại %7 cặp.</translation>
    </message>
</context>
<context>
    <name>studio::app::EmbeddingSession</name>
    <message>
        <source>Capture a sentence with a model first: a timelapse frame has no model file to map.</source>
        <translation>Hãy ghi lại một câu với một mô hình trước: một khung của diễn biến huấn luyện không có tệp mô hình để lập bản đồ.</translation>
    </message>
    <message>
        <source>The embeddings are being mapped already.</source>
        <translation>Các embedding đang được lập bản đồ rồi.</translation>
    </message>
    <message>
        <source>Map the embeddings first.</source>
        <translation>Hãy lập bản đồ embedding trước.</translation>
    </message>
</context>
<context>
    <name>studio::app::FaithfulnessSession</name>
    <message>
        <source>Faithfulness is being measured already.</source>
        <translation>Độ trung thực đang được đo rồi.</translation>
    </message>
    <message>
        <source>No dev sentences: the model&apos;s run folder names no data folder with dev.vi. Measure with attention-studio-cli faithfulness --src FILE instead.</source>
        <translation>Không có câu dev: thư mục chạy của mô hình không chỉ tới thư mục dữ liệu nào có dev.vi. Hãy đo bằng attention-studio-cli faithfulness --src TỆP.</translation>
    </message>
</context>
<context>
    <name>studio::app::FileTranslationSession</name>
    <message>
        <source>Choose the file to translate and where to write its translation.</source>
        <translation>Hãy chọn tệp cần dịch và nơi ghi bản dịch.</translation>
    </message>
    <message>
        <source>Out of memory while translating %1. Try a smaller beam, or stop training to free memory.</source>
        <translation>Hết bộ nhớ khi dịch %1. Hãy thử chùm nhỏ hơn, hoặc dừng huấn luyện để giải phóng bộ nhớ.</translation>
    </message>
    <message>
        <source>A file is being translated already.</source>
        <translation>Đang dịch một tệp rồi.</translation>
    </message>
    <message>
        <source>%1 is not an encoding this app reads.</source>
        <translation>%1 không phải là bảng mã mà ứng dụng này đọc được.</translation>
    </message>
    <message>
        <source>Only a text file translated without Keep tags can be aligned.</source>
        <translation>Chỉ tệp văn bản được dịch không bật Giữ thẻ mới gióng hàng được.</translation>
    </message>
    <message>
        <source>A Word document, PowerPoint presentation, OpenDocument or EPUB book is read as it says it is written, not in %1.</source>
        <translation>Tài liệu Word, bản trình chiếu PowerPoint, tài liệu OpenDocument hoặc sách EPUB được đọc theo bảng mã nó ghi, không theo %1.</translation>
    </message>
</context>
<context>
    <name>studio::app::HeadRankingSession</name>
    <message>
        <source>Heads are being ranked already.</source>
        <translation>Các đầu chú ý đang được xếp hạng rồi.</translation>
    </message>
    <message>
        <source>No dev sentences: the model&apos;s run folder names no data folder with dev.vi and dev.en. Choose the files.</source>
        <translation>Không có câu dev: thư mục chạy của mô hình không chỉ tới thư mục dữ liệu nào có dev.vi và dev.en. Hãy chọn các tệp.</translation>
    </message>
</context>
<context>
    <name>studio::app::HelpPages</name>
    <message>
        <source>Attention Studio</source>
        <translation>Attention Studio</translation>
    </message>
</context>
<context>
    <name>studio::app::LensSummarySession</name>
    <message>
        <source>Explore a sentence with a model first: a timelapse frame has no model file.</source>
        <translation>Hãy khám phá một câu với một mô hình trước: một khung của diễn biến huấn luyện không có tệp mô hình.</translation>
    </message>
    <message>
        <source>The dev sentences&apos; lens is being summed up already.</source>
        <translation>Lens của các câu dev đang được tổng hợp rồi.</translation>
    </message>
</context>
<context>
    <name>studio::app::MinimalPairsSession</name>
    <message>
        <source>The minimal pairs are being measured already.</source>
        <translation>Các cặp tối thiểu đang được đo rồi.</translation>
    </message>
    <message>
        <source>No test sentences: the model&apos;s run folder names no data folder with test.vi and test.en (or dev.vi and dev.en). Read pairs from a file instead.</source>
        <translation>Không có câu kiểm tra: thư mục lần chạy của mô hình không chỉ tới thư mục dữ liệu nào có test.vi và test.en (hay dev.vi và dev.en). Hãy đọc các cặp từ một tệp.</translation>
    </message>
    <message>
        <source>This model&apos;s run kept no models to test over training: train it with Keep models every N evaluations (keep_models_every).</source>
        <translation>Lần chạy của mô hình này không giữ lại mô hình nào để kiểm thử qua quá trình huấn luyện: hãy huấn luyện với Giữ mô hình sau mỗi N lần đánh giá (keep_models_every).</translation>
    </message>
</context>
<context>
    <name>studio::app::NeighboursSession</name>
    <message>
        <source>Capture a sentence with a model first: a timelapse frame has no model to compare with.</source>
        <translation>Hãy ghi lại một câu bằng một mô hình trước: một khung hình timelapse không có mô hình để so sánh.</translation>
    </message>
    <message>
        <source>No training pairs: the model&apos;s run folder names no data folder with train.vi and train.en (%1).</source>
        <translation>Không có cặp huấn luyện: thư mục lượt huấn luyện của mô hình không nêu thư mục dữ liệu nào có train.vi và train.en (%1).</translation>
    </message>
    <message>
        <source>Stopped before the training pairs were indexed.</source>
        <translation>Đã dừng trước khi các cặp huấn luyện được lập chỉ mục.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a piece of this model&apos;s vocabulary.</source>
        <translation>&apos;%1&apos; không phải là một mảnh trong bộ từ vựng của mô hình này.</translation>
    </message>
    <message>
        <source>Training examples are being looked up already.</source>
        <translation>Các ví dụ huấn luyện đang được tra cứu rồi.</translation>
    </message>
</context>
<context>
    <name>studio::app::PatchingSession</name>
    <message>
        <source>Type a sentence to find which states carry its translation.</source>
        <translation>Hãy gõ một câu để tìm xem những trạng thái nào mang bản dịch của nó.</translation>
    </message>
    <message>
        <source>A patching is under way already.</source>
        <translation>Một lần vá đang chạy rồi.</translation>
    </message>
</context>
<context>
    <name>studio::app::PrepareSession</name>
    <message>
        <source>A data preparation is already running.</source>
        <translation>Đang có một lần chuẩn bị dữ liệu chạy.</translation>
    </message>
</context>
<context>
    <name>studio::app::RunTestSession</name>
    <message>
        <source>The run folder %1 names no data folder.</source>
        <translation>Thư mục lượt chạy %1 không ghi thư mục dữ liệu nào.</translation>
    </message>
    <message>
        <source>The run&apos;s data folder %1 has no test split (test.vi and test.en).</source>
        <translation>Thư mục dữ liệu %1 của lượt chạy không có tập kiểm tra (test.vi và test.en).</translation>
    </message>
    <message>
        <source>%1 and %2 do not hold the same number of lines</source>
        <translation>%1 và %2 không có cùng số dòng</translation>
    </message>
    <message>
        <source>The run folder %1 has no best.pt yet (it is written at the first evaluation).</source>
        <translation>Thư mục lượt chạy %1 chưa có best.pt (tệp này được ghi ở lần đánh giá đầu tiên).</translation>
    </message>
    <message>
        <source>loading %1</source>
        <translation>đang nạp %1</translation>
    </message>
    <message>
        <source>translating with %1</source>
        <translation>đang dịch bằng %1</translation>
    </message>
    <message>
        <source>The runs are being tested already.</source>
        <translation>Các lượt chạy đang được kiểm tra rồi.</translation>
    </message>
    <message>
        <source>loading the runs together</source>
        <translation>đang nạp các lượt chạy cùng nhau</translation>
    </message>
    <message>
        <source>translating with the runs together</source>
        <translation>đang dịch bằng các lượt chạy cùng nhau</translation>
    </message>
    <message>
        <source>Open a run first.</source>
        <translation>Hãy mở một lượt chạy trước.</translation>
    </message>
</context>
<context>
    <name>studio::app::ShortlistSession</name>
    <message>
        <source>No training data to learn from: %1&apos;s run names no data folder with its spm.model. Choose a shortlist, or learn one with attention-studio-cli shortlist --data DIR.</source>
        <translation>Không có dữ liệu huấn luyện để học: thư mục chạy của %1 không chỉ tới thư mục dữ liệu nào có spm.model. Hãy chọn một danh sách rút gọn, hoặc học một danh sách bằng attention-studio-cli shortlist --data THƯ_MỤC.</translation>
    </message>
    <message>
        <source>%1 is not the SentencePiece model of %2 (%3): the data folder was prepared again since the model trained. A shortlist learnt from it would not fit.</source>
        <translation>%1 không phải là mô hình SentencePiece của %2 (%3): thư mục dữ liệu đã được chuẩn bị lại sau khi mô hình huấn luyện. Danh sách rút gọn học từ đó sẽ không khớp.</translation>
    </message>
    <message>
        <source>A shortlist is being learnt already.</source>
        <translation>Một danh sách rút gọn đang được học rồi.</translation>
    </message>
    <message>
        <source>Shortlist learnt from %1 training pairs in %2 s</source>
        <translation>Đã học danh sách rút gọn từ %1 cặp huấn luyện trong %2 s</translation>
    </message>
    <message>
        <source>: a dev sentence&apos;s list holds %1 of the %2 pieces on average, and %3 % of its reference&apos;s</source>
        <translation>: danh sách của một câu dev trung bình chứa %1 trong %2 mảnh, và %3 % số mảnh của bản tham chiếu</translation>
    </message>
</context>
<context>
    <name>studio::app::SmallAndFastSession</name>
    <message>
        <source>ranking the heads</source>
        <translation>đang xếp hạng các đầu</translation>
    </message>
    <message>
        <source>ranked now</source>
        <translation>vừa xếp hạng</translation>
    </message>
    <message>
        <source>measuring the ways</source>
        <translation>đang đo các cách chạy</translation>
    </message>
    <message>
        <source>A measurement is running already.</source>
        <translation>Đang có một phép đo chạy.</translation>
    </message>
</context>
<context>
    <name>studio::app::TrainingSession</name>
    <message>
        <source>A training run is already in progress.</source>
        <translation>Đang có một lần huấn luyện chạy.</translation>
    </message>
    <message>
        <source>Cannot start the other workers: %1 is not there.</source>
        <translation>Không thể khởi động các tiến trình làm việc khác: không có %1.</translation>
    </message>
    <message>
        <source>Cannot write the workers&apos; configuration: %1</source>
        <translation>Không thể ghi cấu hình cho các tiến trình làm việc: %1</translation>
    </message>
    <message>
        <source>Worker %1 ended abruptly (it crashed or was killed).</source>
        <translation>Tiến trình làm việc %1 kết thúc đột ngột (bị lỗi hoặc bị giết).</translation>
    </message>
    <message>
        <source>Worker %1 stopped with exit code %2.</source>
        <translation>Tiến trình làm việc %1 dừng với mã thoát %2.</translation>
    </message>
    <message>
        <source>This build cannot train on several workers: it was built without c10d&apos;s Gloo.</source>
        <translation>Bản dựng này không thể huấn luyện trên nhiều tiến trình: nó được dựng mà không có Gloo của c10d.</translation>
    </message>
    <message>
        <source>Training on %1 workers of %2 threads each (worker 0 here, the others as processes)</source>
        <translation>Huấn luyện trên %1 tiến trình, mỗi tiến trình %2 luồng (tiến trình 0 ở đây, các tiến trình khác chạy riêng)</translation>
    </message>
    <message>
        <source>Cannot write the configuration to time the workers: %1</source>
        <translation>Không ghi được cấu hình để đo tốc độ các tiến trình: %1</translation>
    </message>
    <message>
        <source>Training in one process of all the threads: it was the faster here.</source>
        <translation>Huấn luyện trong một tiến trình dùng mọi luồng: trên máy này cách đó nhanh hơn.</translation>
    </message>
    <message>
        <source>Training on %1 workers: they were the faster here.</source>
        <translation>Huấn luyện trên %1 tiến trình: trên máy này cách đó nhanh hơn.</translation>
    </message>
    <message>
        <source>Could not time the workers: training on %1 workers as configured.</source>
        <translation>Không đo được tốc độ các tiến trình: huấn luyện trên %1 tiến trình như đã cấu hình.</translation>
    </message>
</context>
<context>
    <name>studio::app::TranslationService</name>
    <message>
        <source>Out of memory while translating. Try a shorter sentence, a smaller beam, or stop training to free memory.</source>
        <translation>Hết bộ nhớ khi dịch. Hãy thử câu ngắn hơn, beam nhỏ hơn, hoặc dừng huấn luyện để giải phóng bộ nhớ.</translation>
    </message>
    <message>
        <source>Type a sentence to explore its attention.</source>
        <translation>Hãy nhập một câu để khám phá attention của nó.</translation>
    </message>
    <message>
        <source>Type a sentence to explain its translation.</source>
        <translation>Hãy nhập một câu để giải thích bản dịch của nó.</translation>
    </message>
    <message>
        <source>Tags are kept a line at a time: turn off Lines wrapped within paragraphs.</source>
        <translation>Thẻ được giữ theo từng dòng: hãy tắt Các dòng ngắt giữa đoạn văn.</translation>
    </message>
    <message>
        <source>No tuned lens beside %1 (%2): read as the logit lens. Train one with Train a tuned lens.</source>
        <translation>Không có tuned lens nào bên cạnh %1 (%2): đọc như logit lens. Hãy huấn luyện một cái bằng Huấn luyện một tuned lens.</translation>
    </message>
    <message>
        <source>%1 cannot be used (%2): read as the logit lens. Train it again with Train a tuned lens.</source>
        <translation>Không dùng được %1 (%2): đọc như logit lens. Hãy huấn luyện lại bằng Huấn luyện một tuned lens.</translation>
    </message>
</context>
<context>
    <name>studio::app::TunedLensSession</name>
    <message>
        <source>Explore a sentence with a model first: a timelapse frame has no model file.</source>
        <translation>Hãy khám phá một câu với một mô hình trước: một khung của diễn biến huấn luyện không có tệp mô hình.</translation>
    </message>
    <message>
        <source>No data folder is known for %1 (no run folder&apos;s config.json beside it, or its data folder is gone): attention-studio-cli tuned-lens --data DIR trains one from any.</source>
        <translation>Không biết thư mục dữ liệu nào cho %1 (không có config.json của thư mục lượt chạy bên cạnh nó, hoặc thư mục dữ liệu của nó đã mất): attention-studio-cli tuned-lens --data DIR huấn luyện một cái từ thư mục bất kỳ.</translation>
    </message>
    <message>
        <source>A tuned lens is being trained already.</source>
        <translation>Một tuned lens đang được huấn luyện rồi.</translation>
    </message>
</context>
<context>
    <name>studio::ui::AlignmentExportDialog</name>
    <message>
        <source>Save word alignments</source>
        <translation>Lưu gióng hàng từ</translation>
    </message>
    <message>
        <source>Each English word&apos;s strongest Vietnamese word</source>
        <translation>Từ tiếng Việt mạnh nhất của mỗi từ tiếng Anh</translation>
    </message>
    <message>
        <source>Both directions (also each Vietnamese word&apos;s strongest English word)</source>
        <translation>Cả hai chiều (thêm từ tiếng Anh mạnh nhất của mỗi từ tiếng Việt)</translation>
    </message>
    <message>
        <source>Every link of at least the threshold</source>
        <translation>Mọi liên kết đạt ít nhất ngưỡng</translation>
    </message>
    <message>
        <source>Soft: each English word&apos;s weights over the Vietnamese words</source>
        <translation>Mềm: trọng số của mỗi từ tiếng Anh trên các từ tiếng Việt</translation>
    </message>
    <message>
        <source>Both directions link every word of both sentences, as a symmetrized alignment does (Keep tags places tags by these); a threshold keeps the links whose weight is at least it, so a word may have none or several; soft writes each English word&apos;s weights, comma-separated, one group a word</source>
        <translation>Cả hai chiều liên kết mọi từ của cả hai câu, như một gióng hàng đối xứng hoá (Giữ thẻ đặt thẻ theo các liên kết này); ngưỡng giữ các liên kết có trọng số ít nhất bằng nó, nên một từ có thể không có hoặc có nhiều liên kết; mềm ghi trọng số của mỗi từ tiếng Anh, phân cách bằng dấu phẩy, mỗi từ một nhóm</translation>
    </message>
    <message>
        <source>The least weight a link keeps: an English word&apos;s weights over the Vietnamese words add up to 1</source>
        <translation>Trọng số nhỏ nhất mà một liên kết giữ: trọng số của một từ tiếng Anh trên các từ tiếng Việt cộng lại bằng 1</translation>
    </message>
    <message>
        <source>Read each word at the step that reads it, not the one that wrote it</source>
        <translation>Đọc mỗi từ ở bước đọc nó, không phải bước đã viết ra nó</translation>
    </message>
    <message>
        <source>Shift-Att (Chen et al., 2020): the attention of the step that takes the word as its input, once the model has seen it; its gains were reported for a middle layer of deeper models</source>
        <translation>Shift-Att (Chen và cộng sự, 2020): attention của bước nhận từ đó làm đầu vào, khi mô hình đã thấy nó; lợi ích của nó được báo cáo cho một lớp giữa của các mô hình sâu hơn</translation>
    </message>
    <message>
        <source>Links</source>
        <translation>Liên kết</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>Ngưỡng</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Lớp</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>Lưu thành…</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>Lớp %1</translation>
    </message>
    <message>
        <source>Each line of the file with its translation, word for word, read off the cross-attention: the head trained to align where the model has one (guided alignment), else the mean over one layer&apos;s heads. Words are counted from 0 at spaces: &quot;source-target&quot; pairs, as fast_align and Moses write them.</source>
        <translation>Mỗi dòng của tập tin cùng bản dịch của nó, từng từ một, đọc từ cross-attention: đầu đã được huấn luyện để gióng hàng nếu mô hình có (gióng hàng có hướng dẫn), nếu không thì trung bình các đầu của một lớp. Các từ được đếm từ 0 theo khoảng trắng: các cặp &quot;nguồn-đích&quot;, như fast_align và Moses ghi.</translation>
    </message>
    <message>
        <source>The decoder layer whose cross-attention heads are averaged: in the starter&apos;s 2+2 layers the last aligned best (docs/cli.md). The default reads a model&apos;s head trained to align, where it has one</source>
        <translation>Lớp bộ giải mã mà các đầu cross-attention được lấy trung bình: với 2+2 lớp của mô hình khởi đầu, lớp cuối gióng hàng tốt nhất (docs/cli.md). Mặc định đọc đầu đã được huấn luyện để gióng hàng của mô hình, nếu có</translation>
    </message>
    <message>
        <source>The head trained to align, else the last</source>
        <translation>Đầu đã được huấn luyện để gióng hàng, nếu không thì lớp cuối</translation>
    </message>
</context>
<context>
    <name>studio::ui::AlignmentView</name>
    <message>
        <source>Alignment (hover a word):</source>
        <translation>Gióng hàng (di chuột lên một từ):</translation>
    </message>
    <message>
        <source>Whose cross-attention aligns the words</source>
        <translation>Cross-attention của đầu nào gióng các từ</translation>
    </message>
    <message>
        <source>Mean over the heads of the last layer</source>
        <translation>Trung bình các đầu của lớp cuối</translation>
    </message>
    <message>
        <source>Mean over every layer and head</source>
        <translation>Trung bình mọi lớp và mọi đầu</translation>
    </message>
    <message>
        <source>The most focused head (lowest entropy)</source>
        <translation>Đầu tập trung nhất (entropy thấp nhất)</translation>
    </message>
    <message>
        <source>Layer %1, head %2</source>
        <translation>Lớp %1, đầu %2</translation>
    </message>
    <message>
        <source>The most focused head: layer %1, head %2 (mean entropy %3 bits)</source>
        <translation>Đầu tập trung nhất: lớp %1, đầu %2 (entropy trung bình %3 bit)</translation>
    </message>
    <message>
        <source>How much each word&apos;s prediction drew on the Vietnamese sentence rather than on the English words before it: the source&apos;s share of the contributions to the decoder&apos;s last layer, measured with ALTI+ (Ferrando et al., 2022, &quot;Towards Opening the Black Box of Neural Machine Translation&quot;). Low values (red) mark words the model may have made up: Dale et al. (2023) found a low source contribution to be a strong sign of hallucination.</source>
        <translation>Mức độ dự đoán của mỗi từ dựa vào câu tiếng Việt thay vì vào các từ tiếng Anh đứng trước nó: phần đóng góp của câu nguồn vào lớp cuối của bộ giải mã, đo bằng ALTI+ (Ferrando và cộng sự, 2022, &quot;Towards Opening the Black Box of Neural Machine Translation&quot;). Giá trị thấp (màu đỏ) đánh dấu những từ mô hình có thể đã bịa ra: Dale và cộng sự (2023) thấy rằng đóng góp thấp của câu nguồn là dấu hiệu mạnh của ảo giác.</translation>
    </message>
    <message>
        <source>Drew on the source:</source>
        <translation>Dựa vào câu nguồn:</translation>
    </message>
    <message>
        <source>Mean %1% from the source, %2% from the words before.</source>
        <translation>Trung bình %1% từ câu nguồn, %2% từ các từ đứng trước.</translation>
    </message>
    <message>
        <source>Low: this translation may be made up rather than translated.</source>
        <translation>Thấp: bản dịch này có thể là bịa ra chứ không phải được dịch.</translation>
    </message>
    <message>
        <source>The head trained to align (layer %1, head 1)</source>
        <translation>Đầu đã được huấn luyện để gióng hàng (lớp %1, đầu 1)</translation>
    </message>
</context>
<context>
    <name>studio::ui::AttentionGrid</name>
    <message>
        <source>%1
layer %2</source>
        <translation>%1
lớp %2</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>trung bình</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>đầu %1</translation>
    </message>
    <message>
        <source>%1, layer %2, %3</source>
        <translation>%1, lớp %2, %3</translation>
    </message>
    <message>
        <source>Open this map</source>
        <translation>Mở bản đồ này</translation>
    </message>
</context>
<context>
    <name>studio::ui::AttentionMapView</name>
    <message>
        <source>Attention heatmap</source>
        <translation>Bản đồ nhiệt attention</translation>
    </message>
    <message>
        <source>key (attended to)</source>
        <translation>khoá (được chú ý tới)</translation>
    </message>
    <message>
        <source>query (attending)</source>
        <translation>truy vấn (đang chú ý)</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>trọng số</translation>
    </message>
    <message>
        <source>Hover over a cell to read its weight.</source>
        <translation>Di chuột lên một ô để đọc trọng số của nó.</translation>
    </message>
    <message>
        <source> (masked)</source>
        <translation> (bị che)</translation>
    </message>
    <message>
        <source>%1 “%2” → %3 “%4”: %5%6</source>
        <translation>%1 “%2” → %3 “%4”: %5%6</translation>
    </message>
    <message>
        <source>query</source>
        <translation>truy vấn</translation>
    </message>
    <message>
        <source>key</source>
        <translation>khoá</translation>
    </message>
</context>
<context>
    <name>studio::ui::AttentionWorkspace</name>
    <message>
        <source>Sentence to explore</source>
        <translation>Câu cần khám phá</translation>
    </message>
    <message>
        <source>A Vietnamese sentence (or use Explore attention in Translate)</source>
        <translation>Một câu tiếng Việt (hoặc dùng &quot;Khám phá attention&quot; trong Dịch)</translation>
    </message>
    <message>
        <source>no padding</source>
        <translation>không đệm</translation>
    </message>
    <message>
        <source>Pad the source to N tokens</source>
        <translation>Đệm câu nguồn tới N token</translation>
    </message>
    <message>
        <source>Show the sentence inside a padded batch of this many source tokens, so that the padding mask is visible</source>
        <translation>Đặt câu vào một lô được đệm tới ngần ấy token nguồn, để thấy được mặt nạ đệm</translation>
    </message>
    <message>
        <source>Capture</source>
        <translation>Ghi lại</translation>
    </message>
    <message>
        <source>Translate the sentence and record every attention weight</source>
        <translation>Dịch câu và ghi lại mọi trọng số attention</translation>
    </message>
    <message>
        <source>Sentence:</source>
        <translation>Câu:</translation>
    </message>
    <message>
        <source>Padded batch of:</source>
        <translation>Lô được đệm tới:</translation>
    </message>
    <message>
        <source>Map</source>
        <translation>Bản đồ</translation>
    </message>
    <message>
        <source>Encoder self-attention</source>
        <translation>Self-attention của bộ mã hoá</translation>
    </message>
    <message>
        <source>Decoder self-attention</source>
        <translation>Self-attention của bộ giải mã</translation>
    </message>
    <message>
        <source>Cross-attention</source>
        <translation>Cross-attention</translation>
    </message>
    <message>
        <source>Attention kind</source>
        <translation>Loại attention</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Lớp</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Đầu</translation>
    </message>
    <message>
        <source>Draw masks</source>
        <translation>Vẽ mặt nạ</translation>
    </message>
    <message>
        <source>Hatch the cells a query may not see: padding keys and the causal upper triangle</source>
        <translation>Gạch chéo các ô mà truy vấn không được thấy: khoá đệm và tam giác trên nhân quả</translation>
    </message>
    <message>
        <source>Merge pieces into words</source>
        <translation>Gộp các mảnh thành từ</translation>
    </message>
    <message>
        <source>Sum the weights a word&apos;s pieces receive; average over a word&apos;s pieces as queries</source>
        <translation>Cộng trọng số mà các mảnh của một từ nhận được; lấy trung bình trên các mảnh của từ khi chúng là truy vấn</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <source>Heads of this layer</source>
        <translation>Các đầu của lớp này</translation>
    </message>
    <message>
        <source>Entropy of each head</source>
        <translation>Entropy của từng đầu</translation>
    </message>
    <message>
        <source>Entropy (bits)</source>
        <translation>Entropy (bit)</translation>
    </message>
    <message>
        <source>Mean entropy of the attention rows: low = sharp, focused heads</source>
        <translation>Entropy trung bình của các hàng attention: thấp = đầu tập trung, sắc nét</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Xuất</translation>
    </message>
    <message>
        <source>Export as %1</source>
        <translation>Xuất dạng %1</translation>
    </message>
    <message>
        <source>The weights of the map shown, with its labels</source>
        <translation>Trọng số của bản đồ đang hiển thị, kèm nhãn</translation>
    </message>
    <message>
        <source>Every weight, token and mask of this sentence</source>
        <translation>Mọi trọng số, token và mặt nạ của câu này</translation>
    </message>
    <message>
        <source>A picture of the map shown</source>
        <translation>Ảnh của bản đồ đang hiển thị</translation>
    </message>
    <message>
        <source>All layers × heads</source>
        <translation>Mọi lớp × đầu</translation>
    </message>
    <message>
        <source>Capture a sentence: every layer and head of the three attentions will be shown here.</source>
        <translation>Hãy ghi lại một câu: mọi lớp và mọi đầu của ba loại attention sẽ hiện ở đây.</translation>
    </message>
    <message>
        <source>Capturing…</source>
        <translation>Đang ghi lại…</translation>
    </message>
    <message>
        <source>Type a sentence to explore its attention.</source>
        <translation>Hãy nhập một câu để khám phá attention của nó.</translation>
    </message>
    <message>
        <source>Mean over heads</source>
        <translation>Trung bình các đầu</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>Đầu %1</translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n masked cell(s) carry weight above 1e-6 (largest %1): a masking bug.</source>
        <translation>
            <numerusform>⚠ %n ô bị che có trọng số trên 1e-6 (lớn nhất %1): lỗi che mặt nạ.</numerusform>
        </translation>
    </message>
    <message>
        <source>Masked cells carry no weight (largest %1).</source>
        <translation>Các ô bị che không mang trọng số (lớn nhất %1).</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>Lớp %1</translation>
    </message>
    <message>
        <source>%1 · layer %2 · %3</source>
        <translation>%1 · lớp %2 · %3</translation>
    </message>
    <message>
        <source>mean over heads</source>
        <translation>trung bình các đầu</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>đầu %1</translation>
    </message>
    <message>
        <source>query \ key</source>
        <translation>truy vấn \ khoá</translation>
    </message>
    <message>
        <source>Capture a sentence before exporting.</source>
        <translation>Hãy ghi lại một câu trước khi xuất.</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>Tệp %1 (*.%2)</translation>
    </message>
    <message>
        <source>Cannot write &apos;%1&apos;.</source>
        <translation>Không ghi được &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Switch heads off</source>
        <translation>Tắt đầu chú ý</translation>
    </message>
    <message>
        <source>Beam search</source>
        <translation>Tìm kiếm chùm</translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1&lt;/b&gt; of the run&apos;s training: &lt;b&gt;%2&lt;/b&gt; → &lt;b&gt;%3&lt;/b&gt;%4</source>
        <translation>&lt;b&gt;Bước %1&lt;/b&gt; của quá trình huấn luyện: &lt;b&gt;%2&lt;/b&gt; → &lt;b&gt;%3&lt;/b&gt;%4</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;small&gt;reference: %1&lt;/small&gt;</source>
        <translation>&lt;br&gt;&lt;small&gt;bản dịch tham chiếu: %1&lt;/small&gt;</translation>
    </message>
    <message>
        <source>Heads over training</source>
        <translation>Các đầu qua quá trình huấn luyện</translation>
    </message>
    <message>
        <source>Timelapse…</source>
        <translation>Tua nhanh…</translation>
    </message>
    <message>
        <source>The map shown at every recorded step of the timelapse: a PNG a step and the weights of every step as CSV</source>
        <translation>Bản đồ đang hiển thị ở mọi bước đã ghi của đoạn tua nhanh: một ảnh PNG mỗi bước và trọng số của mọi bước dạng CSV</translation>
    </message>
    <message>
        <source>This run has no probe records to export.</source>
        <translation>Lượt chạy này không có bản ghi thăm dò nào để xuất.</translation>
    </message>
    <message>
        <source>Export the timelapse into a folder</source>
        <translation>Xuất đoạn tua nhanh vào một thư mục</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>Giải thích</translation>
    </message>
    <message>
        <source>The map shown as a vector figure, its weights beside it as CSV</source>
        <translation>Bản đồ đang hiển thị dạng hình véc-tơ, trọng số của nó bên cạnh dạng CSV</translation>
    </message>
    <message>
        <source>Faithfulness</source>
        <translation>Độ trung thực</translation>
    </message>
    <message>
        <source>Sentence of the text</source>
        <translation>Câu trong văn bản</translation>
    </message>
    <message>
        <source>The text has several sentences: the explorer shows one at a time, as Translate translates them</source>
        <translation>Văn bản có nhiều câu: trình khám phá hiển thị từng câu một, như cách Dịch dịch chúng</translation>
    </message>
    <message>
        <source>%1 of %2: %3</source>
        <translation>%1 / %2: %3</translation>
    </message>
    <message>
        <source>Query · key</source>
        <translation>Truy vấn · khoá</translation>
    </message>
    <message>
        <source>How a row of the map is made: one query against every key, dimension by dimension</source>
        <translation>Một hàng của bản đồ được tạo ra thế nào: một truy vấn so với từng khoá, theo từng chiều</translation>
    </message>
    <message>
        <source>Hover over a cell to read its weight; double-click it to take its row apart (Query · key).</source>
        <translation>Di chuột lên một ô để đọc trọng số của nó; nhấp đúp để mổ xẻ hàng của nó (Truy vấn · khoá).</translation>
    </message>
    <message>
        <source>A row of merged words is not one query: untick Merge pieces into words to take a row apart.</source>
        <translation>Một hàng gồm các từ đã gộp không phải là một truy vấn: hãy bỏ chọn Gộp các mảnh thành từ để mổ xẻ một hàng.</translation>
    </message>
    <message>
        <source>Training examples</source>
        <translation>Ví dụ huấn luyện</translation>
    </message>
    <message>
        <source>Translation for the model to read</source>
        <translation>Bản dịch để mô hình đọc</translation>
    </message>
    <message>
        <source>The model&apos;s own — or type an English translation to see how the model reads it</source>
        <translation>Bản dịch của chính mô hình — hoặc gõ một bản dịch tiếng Anh để xem mô hình đọc nó thế nào</translation>
    </message>
    <message>
        <source>The model reads this translation instead of writing its own (teacher forcing): the maps are over it, and each of its pieces gets the probability the model gives it there</source>
        <translation>Mô hình đọc bản dịch này thay vì tự viết bản dịch của nó (teacher forcing): các bản đồ chú ý trải trên bản dịch này, và mỗi mảnh của nó mang xác suất mà mô hình gán cho nó tại đó</translation>
    </message>
    <message>
        <source>Translation:</source>
        <translation>Bản dịch:</translation>
    </message>
    <message numerus="yes">
        <source>The box holds %n sentence(s), and a translation of your own is for one. Clear the Translation box and capture, then choose a sentence and type its translation.</source>
        <translation>
            <numerusform>Ô chứa %n câu, mà bản dịch của bạn chỉ dành cho một câu. Hãy xoá ô Bản dịch rồi ghi lại, sau đó chọn một câu và gõ bản dịch của nó.</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;small&gt;%1 · %2 source tokens (%3 padding), %4 target tokens · %5+%6 layers, %7 heads&lt;/small&gt;</source>
        <translation>&lt;small&gt;%1 · %2 token nguồn (%3 đệm), %4 token đích · %5+%6 lớp, %7 đầu&lt;/small&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; → &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; → &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; → &lt;b&gt;%2&lt;/b&gt; (your translation, read by the model)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; → &lt;b&gt;%2&lt;/b&gt; (bản dịch của bạn, do mô hình đọc)</translation>
    </message>
    <message>
        <source>The model gives it %1 a piece (the geometric mean, the end included).</source>
        <translation>Mô hình gán cho nó %1 mỗi mảnh (trung bình nhân, tính cả dấu kết thúc).</translation>
    </message>
    <message>
        <source>The model gives it %1 a piece (the geometric mean, the end included); its own translation, “%2”, %3.</source>
        <translation>Mô hình gán cho nó %1 mỗi mảnh (trung bình nhân, tính cả dấu kết thúc); bản dịch của chính nó, “%2”, %3.</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>Embedding</translation>
    </message>
    <message>
        <source>Logit lens</source>
        <translation>Logit lens</translation>
    </message>
    <message>
        <source>What the decoder would predict after each of its blocks, as if the model ended there</source>
        <translation>Bộ giải mã sẽ dự đoán gì sau mỗi khối của nó, như thể mô hình kết thúc ở đó</translation>
    </message>
    <message>
        <source>Patching</source>
        <translation>Vá trạng thái</translation>
    </message>
    <message>
        <source>Which of the model&apos;s states carry the translation: the sentence read with a word changed, each state put back in turn</source>
        <translation>Những trạng thái nào của mô hình mang bản dịch: câu được đọc với một từ bị đổi, rồi từng trạng thái được đặt lại</translation>
    </message>
    <message>
        <source>Minimal pairs</source>
        <translation>Cặp tối thiểu</translation>
    </message>
    <message>
        <source>What the model knows: does it prefer the right translation to a copy with one thing made wrong?</source>
        <translation>Mô hình biết gì: nó có chọn bản dịch đúng hơn một bản sao bị làm sai một chỗ không?</translation>
    </message>
</context>
<context>
    <name>studio::ui::BackTranslationBox</name>
    <message>
        <source>More pairs from English text</source>
        <translation>Thêm cặp câu từ văn bản tiếng Anh</translation>
    </message>
    <message>
        <source>Back-translation: a model trained the other way round (Direction: English → Vietnamese under Model, on this data folder) translates English text into Vietnamese, and each sentence with its English joins the data folder&apos;s pairs in a new data folder beside it. The new model learns to write English from more of it; dev and test stay people&apos;s. English that is a dev, test or training pair&apos;s is left out.</source>
        <translation>Dịch ngược (back-translation): một mô hình được huấn luyện theo chiều ngược lại (Chiều dịch: Anh → Việt ở mục Mô hình, trên thư mục dữ liệu này) dịch văn bản tiếng Anh sang tiếng Việt, và mỗi câu cùng câu tiếng Anh của nó được thêm vào các cặp của thư mục dữ liệu, trong một thư mục dữ liệu mới bên cạnh. Mô hình mới học viết tiếng Anh từ nhiều câu hơn; dev và test vẫn là của con người. Câu tiếng Anh đã có trong một cặp dev, test hoặc huấn luyện bị bỏ qua.</translation>
    </message>
    <message>
        <source>English to Vietnamese model</source>
        <translation>Mô hình Anh sang Việt</translation>
    </message>
    <message>
        <source>a model file trained English → Vietnamese</source>
        <translation>một tệp mô hình được huấn luyện Anh → Việt</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Chọn…</translation>
    </message>
    <message>
        <source>Choose the English to Vietnamese model</source>
        <translation>Chọn mô hình Anh sang Việt</translation>
    </message>
    <message>
        <source>Models (*.pt);;All files (*)</source>
        <translation>Mô hình (*.pt);;Mọi tệp (*)</translation>
    </message>
    <message>
        <source>English → Vietnamese model</source>
        <translation>Mô hình Anh → Việt</translation>
    </message>
    <message>
        <source>English text</source>
        <translation>Văn bản tiếng Anh</translation>
    </message>
    <message>
        <source>English text files, a sentence a line (several: separated by ;)</source>
        <translation>Các tệp văn bản tiếng Anh, mỗi dòng một câu (nhiều tệp: ngăn cách bởi ;)</translation>
    </message>
    <message>
        <source>Choose English text</source>
        <translation>Chọn văn bản tiếng Anh</translation>
    </message>
    <message>
        <source>Text (*.txt *.en);;All files (*)</source>
        <translation>Văn bản (*.txt *.en);;Mọi tệp (*)</translation>
    </message>
    <message>
        <source>Back-translate</source>
        <translation>Dịch ngược</translation>
    </message>
    <message>
        <source>Translate the English text now and prepare the new data folder; the form then trains on it (Start)</source>
        <translation>Dịch văn bản tiếng Anh ngay bây giờ và chuẩn bị thư mục dữ liệu mới; sau đó biểu mẫu huấn luyện trên đó (Bắt đầu)</translation>
    </message>
</context>
<context>
    <name>studio::ui::BeamExplorer</name>
    <message>
        <source>start</source>
        <translation>bắt đầu</translation>
    </message>
    <message>
        <source>kept in the beam</source>
        <translation>giữ lại trong chùm</translation>
    </message>
    <message>
        <source>pruned</source>
        <translation>bị loại</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>đã kết thúc</translation>
    </message>
    <message>
        <source>step %1 · %2 · P = %3 · log P of the prefix = %4%5</source>
        <translation>bước %1 · %2 · P = %3 · log P của tiền tố = %4%5</translation>
    </message>
    <message>
        <source> · click: start the translation with this</source>
        <translation> · nhấp: bắt đầu bản dịch bằng phần này</translation>
    </message>
    <message>
        <source>Explore a sentence first.</source>
        <translation>Hãy khám phá một câu trước.</translation>
    </message>
    <message>
        <source>Clear the forced start</source>
        <translation>Bỏ phần mở đầu bắt buộc</translation>
    </message>
    <message>
        <source>Every candidate of beam search, one column a step: kept (solid), pruned (grey, dashed), finished (green); the winner&apos;s path is orange. Click a box to start the translation with it and let the model write the rest. Ctrl+wheel zooms, drag to pan.</source>
        <translation>Mọi ứng viên của tìm kiếm chùm, mỗi bước một cột: giữ lại (nét liền), bị loại (xám, nét đứt), đã kết thúc (xanh lá); đường của bản thắng màu cam. Nhấp vào một ô để bắt đầu bản dịch bằng nó và để mô hình viết phần còn lại. Ctrl+con lăn để phóng to, kéo để di chuyển.</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Đang tìm…</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Forced to start with &lt;i&gt;%1&lt;/i&gt;: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>Bắt buộc bắt đầu bằng &lt;i&gt;%1&lt;/i&gt;: &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source> &lt;small&gt;(beam %1 · %2 kept, %3 pruned candidates)&lt;/small&gt;</source>
        <translation> &lt;small&gt;(chùm %1 · %2 ứng viên giữ lại, %3 bị loại)&lt;/small&gt;</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Thất bại: %1</translation>
    </message>
</context>
<context>
    <name>studio::ui::CorpusList</name>
    <message>
        <source>Corpora</source>
        <translation>Các kho ngữ liệu</translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation>Kho ngữ liệu</translation>
    </message>
    <message>
        <source>Read as</source>
        <translation>Đọc như</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>Trọng số</translation>
    </message>
    <message>
        <source>How many times a corpus&apos;s training pairs are trained on an epoch: a small corpus of your own domain beside a large general one is seen that much more often</source>
        <translation>Số lần các cặp huấn luyện của một kho ngữ liệu được học trong mỗi epoch: một kho nhỏ thuộc lĩnh vực của bạn đặt cạnh một kho lớn tổng quát sẽ được thấy nhiều hơn chừng ấy lần</translation>
    </message>
    <message>
        <source>What to train on: the demo corpus, an IWSLT&apos;15 folder, a folder of split files, a TSV file, a translation memory (TMX), or two line-aligned files written as &quot;SOURCE + TARGET&quot;. Several are read into one data folder: dev and test come from those that have them (or are held out from all), and a pair a corpus before holds is a repeat.</source>
        <translation>Dữ liệu để huấn luyện: kho ngữ liệu mẫu, một thư mục IWSLT&apos;15, một thư mục các tệp đã chia, một tệp TSV, một bộ nhớ dịch (TMX), hoặc hai tệp song song theo dòng viết dạng &quot;NGUỒN + ĐÍCH&quot;. Nhiều kho được đọc vào cùng một thư mục dữ liệu: dev và test lấy từ những kho có sẵn chúng (hoặc tách ra từ tất cả), và một cặp đã có ở kho trước được tính là lặp lại.</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>Thêm thư mục…</translation>
    </message>
    <message>
        <source>Add a corpus folder</source>
        <translation>Thêm một thư mục kho ngữ liệu</translation>
    </message>
    <message>
        <source>Choose a corpus folder</source>
        <translation>Chọn thư mục kho ngữ liệu</translation>
    </message>
    <message>
        <source>Add files…</source>
        <translation>Thêm tệp…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Bỏ</translation>
    </message>
    <message>
        <source>Remove the chosen corpus</source>
        <translation>Gỡ kho ngữ liệu đã chọn</translation>
    </message>
    <message>
        <source>Weight of corpus %1</source>
        <translation>Trọng số của kho ngữ liệu %1</translation>
    </message>
    <message>
        <source>Add TSV or TMX files, or two aligned files</source>
        <translation>Thêm các tệp TSV hoặc TMX, hoặc hai tệp song song</translation>
    </message>
    <message>
        <source>Choose TSV or TMX files (a corpus each), or a Vietnamese and an English file</source>
        <translation>Chọn các tệp TSV hoặc TMX (mỗi tệp một kho ngữ liệu), hoặc một tệp tiếng Việt và một tệp tiếng Anh</translation>
    </message>
    <message>
        <source>Toy task</source>
        <translation>Bài toán đồ chơi</translation>
    </message>
    <message>
        <source>Train on a toy task instead</source>
        <translation>Huấn luyện trên một bài toán đồ chơi thay vào đó</translation>
    </message>
    <message>
        <source>A made-up task instead of a corpus, learnt in about a minute: its attention shows a pattern you can predict</source>
        <translation>Một bài toán tự tạo thay cho kho ngữ liệu, học xong trong khoảng một phút: attention của nó cho thấy một mẫu hình bạn đoán trước được</translation>
    </message>
    <message>
        <source>All files (*);;Translation memories (*.tmx *.tmx.gz);;Tab-separated pairs (*.tsv *.txt *.tsv.gz);;Zip files (*.zip)</source>
        <translation>Mọi tệp (*);;Bộ nhớ dịch (*.tmx *.tmx.gz);;Cặp câu cách nhau bằng tab (*.tsv *.txt *.tsv.gz);;Tệp zip (*.zip)</translation>
    </message>
    <message>
        <source>Reads %1 in it</source>
        <translation>Đọc %1 trong đó</translation>
    </message>
</context>
<context>
    <name>studio::ui::CorrectionPanel</name>
    <message>
        <source>Correct this translation</source>
        <translation>Sửa bản dịch này</translation>
    </message>
    <message>
        <source>Corrected translation</source>
        <translation>Bản dịch đã sửa</translation>
    </message>
    <message>
        <source>Edit the translation, or click a piece above to choose among the beam&apos;s words there</source>
        <translation>Sửa bản dịch, hoặc bấm vào một mảnh ở trên để chọn trong các từ của chùm tại đó</translation>
    </message>
    <message>
        <source>Decode the rest</source>
        <translation>Giải mã phần còn lại</translation>
    </message>
    <message>
        <source>Keep the text before the cursor and let the model write the rest</source>
        <translation>Giữ phần trước con trỏ và để mô hình viết phần còn lại</translation>
    </message>
    <message>
        <source>Keep as a correction</source>
        <translation>Giữ làm bản sửa</translation>
    </message>
    <message>
        <source>Add this sentence and its corrected translation to corrections.tsv in the model&apos;s run folder</source>
        <translation>Thêm câu này và bản dịch đã sửa của nó vào corrections.tsv trong thư mục huấn luyện của mô hình</translation>
    </message>
    <message>
        <source>Learn from my corrections…</source>
        <translation>Học từ các bản sửa của tôi…</translation>
    </message>
    <message>
        <source>Fine-tune the model on the kept corrections for 200 steps, with its original training data replayed, in the Training workspace: the charts show the corrections&apos; BLEU and the original dev BLEU, the samples every corrected sentence before and after</source>
        <translation>Tinh chỉnh mô hình trên các bản sửa đã giữ trong 200 bước, có phát lại dữ liệu huấn luyện gốc, trong không gian Huấn luyện: biểu đồ cho thấy BLEU của các bản sửa và BLEU dev gốc, phần mẫu cho thấy mọi câu đã sửa trước và sau</translation>
    </message>
    <message>
        <source>(no other word in the beam here)</source>
        <translation>(không có từ nào khác trong chùm ở đây)</translation>
    </message>
    <message>
        <source>The correction was not kept: %1</source>
        <translation>Bản sửa chưa được giữ: %1</translation>
    </message>
    <message>
        <source>No corrections kept for this model yet.</source>
        <translation>Chưa có bản sửa nào được giữ cho mô hình này.</translation>
    </message>
    <message numerus="yes">
        <source>%n correction(s) kept for this model%1.</source>
        <translation>
            <numerusform>%n bản sửa đã được giữ cho mô hình này%1.</numerusform>
        </translation>
    </message>
    <message>
        <source> in %1</source>
        <translation> trong %1</translation>
    </message>
    <message>
        <source>Look inside</source>
        <translation>Nhìn vào bên trong</translation>
    </message>
    <message>
        <source>Open the attention explorer with the model reading this translation instead of writing its own: its attention over it, and how likely it finds each piece</source>
        <translation>Mở trình khám phá chú ý với mô hình đọc bản dịch này thay vì tự viết bản dịch của nó: sự chú ý của nó trên bản dịch, và nó thấy mỗi mảnh khả dĩ đến mức nào</translation>
    </message>
    <message>
        <source>Export as TMX…</source>
        <translation>Xuất dạng TMX…</translation>
    </message>
    <message>
        <source>Write the kept corrections as a TMX translation memory, for a CAT tool (Trados, memoQ, OmegaT) or another corpus</source>
        <translation>Ghi các bản sửa đã giữ thành một bộ nhớ dịch TMX, cho một công cụ CAT (Trados, memoQ, OmegaT) hoặc một kho ngữ liệu khác</translation>
    </message>
    <message>
        <source>Export the corrections as a translation memory</source>
        <translation>Xuất các bản sửa thành một bộ nhớ dịch</translation>
    </message>
    <message>
        <source>TMX files (*.tmx)</source>
        <translation>Tệp TMX (*.tmx)</translation>
    </message>
    <message>
        <source>The corrections were not exported: %1</source>
        <translation>Các bản sửa chưa được xuất: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n correction(s) exported to %1.</source>
        <translation>
            <numerusform>Đã xuất %n bản sửa vào %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::ui::EmbeddingView</name>
    <message>
        <source>Vietnamese letters</source>
        <translation>Chữ tiếng Việt</translation>
    </message>
    <message>
        <source>ASCII letters</source>
        <translation>Chữ ASCII</translation>
    </message>
    <message>
        <source>Digits, symbols</source>
        <translation>Chữ số, ký hiệu</translation>
    </message>
    <message>
        <source>A piece or word, e.g. file or tập</source>
        <translation>Một mảnh hoặc một từ, ví dụ file hoặc tập</translation>
    </message>
    <message>
        <source>Choose a piece of the vocabulary: its nearest pieces are listed and joined to it</source>
        <translation>Chọn một mảnh của bộ từ vựng: các mảnh gần nó nhất được liệt kê và nối với nó</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a piece of this model&apos;s vocabulary (a word it splits has no piece of its own: choose one of its pieces).</source>
        <translation>&apos;%1&apos; không phải là một mảnh trong bộ từ vựng của mô hình này (một từ bị tách ra không có mảnh riêng: hãy chọn một trong các mảnh của nó).</translation>
    </message>
    <message>
        <source>ASCII letters: English pieces, and Vietnamese ones written without marks. A click on a point shows its nearest pieces.</source>
        <translation>Chữ ASCII: các mảnh tiếng Anh, và các mảnh tiếng Việt viết không dấu. Nhấp vào một điểm để xem các mảnh gần nó nhất.</translation>
    </message>
    <message>
        <source>The sentence&apos;s</source>
        <translation>Của câu</translation>
    </message>
    <message>
        <source>Chosen, nearest</source>
        <translation>Đã chọn, gần nhất</translation>
    </message>
    <message>
        <source>The pieces whose embedding rows point the most the same way (cosine over every dimension)</source>
        <translation>Các mảnh có hàng embedding cùng hướng nhất (cosin trên mọi chiều)</translation>
    </message>
    <message>
        <source>Piece:</source>
        <translation>Mảnh:</translation>
    </message>
    <message>
        <source>Capture a sentence to map its model&apos;s embeddings.</source>
        <translation>Hãy ghi lại một câu để lập bản đồ embedding của mô hình của nó.</translation>
    </message>
    <message>
        <source>Capture a sentence with a model: a timelapse frame has no model file to map.</source>
        <translation>Hãy ghi lại một câu với một mô hình: một khung của diễn biến huấn luyện không có tệp mô hình để lập bản đồ.</translation>
    </message>
    <message>
        <source>Mapping the embeddings of %1…</source>
        <translation>Đang lập bản đồ embedding của %1…</translation>
    </message>
    <message>
        <source>first principal component (%1 % of the variance)</source>
        <translation>thành phần chính thứ nhất (%1 % phương sai)</translation>
    </message>
    <message>
        <source>second principal component (%1 %)</source>
        <translation>thành phần chính thứ hai (%1 %)</translation>
    </message>
    <message>
        <source>%1: %2 pieces of %3 dimensions, Vietnamese&apos;s and English&apos;s in one matrix (the output layer&apos;s too). Drag to move, the wheel zooms, a click on a point or a piece typed shows its nearest pieces.</source>
        <translation>%1: %2 mảnh, %3 chiều, của tiếng Việt và tiếng Anh trong cùng một ma trận (cũng là của lớp đầu ra). Kéo để di chuyển, con lăn để phóng to, nhấp vào một điểm hoặc gõ một mảnh để xem các mảnh gần nó nhất.</translation>
    </message>
    <message>
        <source>%1 (piece %2)</source>
        <translation>%1 (mảnh %2)</translation>
    </message>
    <message>
        <source>Principal components</source>
        <translation>Thành phần chính</translation>
    </message>
    <message>
        <source>t-SNE (neighbourhoods)</source>
        <translation>t-SNE (lân cận)</translation>
    </message>
    <message>
        <source>Principal components: the two directions along which the rows differ most; distances mean something, but few neighbours stay together. t-SNE: each piece near the pieces it is near in every dimension; groups mean something, distances between them and the axes do not.</source>
        <translation>Thành phần chính: hai hướng mà theo đó các hàng khác nhau nhiều nhất; khoảng cách có ý nghĩa, nhưng ít lân cận còn ở cạnh nhau. t-SNE: mỗi mảnh nằm gần các mảnh mà nó gần trong mọi chiều; các nhóm có ý nghĩa, còn khoảng cách giữa chúng và các trục thì không.</translation>
    </message>
    <message>
        <source>Layout:</source>
        <translation>Cách bày:</translation>
    </message>
    <message>
        <source>Laying %1 pieces out with t-SNE… iteration %2 of %3 (the principal components are drawn meanwhile)</source>
        <translation>Đang bày %1 mảnh bằng t-SNE… vòng lặp %2 trên %3 (trong lúc đó vẽ các thành phần chính)</translation>
    </message>
    <message>
        <source>Laying the pieces out with t-SNE…</source>
        <translation>Đang bày các mảnh bằng t-SNE…</translation>
    </message>
    <message>
        <source>t-SNE, first coordinate (no unit: only neighbourhoods mean something)</source>
        <translation>t-SNE, toạ độ thứ nhất (không có đơn vị: chỉ các lân cận có ý nghĩa)</translation>
    </message>
    <message>
        <source>t-SNE, second coordinate</source>
        <translation>t-SNE, toạ độ thứ hai</translation>
    </message>
    <message>
        <source>t-SNE (perplexity %1) keeps %2 % of each piece&apos;s 10 nearest pieces among its 10 nearest here (the principal components: %3 %).</source>
        <translation>t-SNE (perplexity %1) giữ %2 % trong 10 mảnh gần nhất của mỗi mảnh nằm trong 10 mảnh gần nhất của nó ở đây (các thành phần chính: %3 %).</translation>
    </message>
    <message>
        <source>Two components keep %1 % of each piece&apos;s 10 nearest pieces among its 10 nearest here (t-SNE keeps more).</source>
        <translation>Hai thành phần giữ %1 % trong 10 mảnh gần nhất của mỗi mảnh nằm trong 10 mảnh gần nhất của nó ở đây (t-SNE giữ được nhiều hơn).</translation>
    </message>
</context>
<context>
    <name>studio::ui::ExplainPanel</name>
    <message>
        <source>attention weight</source>
        <translation>trọng số attention</translation>
    </message>
    <message>
        <source>share of the prediction</source>
        <translation>phần trong dự đoán</translation>
    </message>
    <message>
        <source>|gradient × input|</source>
        <translation>|gradient × đầu vào|</translation>
    </message>
    <message>
        <source>contribution to log P</source>
        <translation>đóng góp vào log P</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>không gì</translation>
    </message>
    <message>
        <source>Words</source>
        <translation>Từ</translation>
    </message>
    <message>
        <source>Merge pieces into words: scores summed over a word&apos;s inputs, averaged over its pieces</source>
        <translation>Gộp các mảnh thành từ: cộng điểm trên các đầu vào của một từ, lấy trung bình trên các mảnh của nó</translation>
    </message>
    <message>
        <source>Integrated gradients: points on the path from the padding vector to the input</source>
        <translation>Gradient tích phân: số điểm trên đường từ véc-tơ đệm tới đầu vào</translation>
    </message>
    <message>
        <source>Explain</source>
        <translation>Giải thích</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Xuất…</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Phương pháp</translation>
    </message>
    <message>
        <source>beside it</source>
        <translation>bên cạnh</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Số bước</translation>
    </message>
    <message>
        <source>another word, e.g. folder</source>
        <translation>một từ khác, ví dụ folder</translation>
    </message>
    <message>
        <source>Contrast (gradient methods): why</source>
        <translation>Đối chiếu (phương pháp gradient): vì sao</translation>
    </message>
    <message>
        <source>rather than</source>
        <translation>mà không phải</translation>
    </message>
    <message>
        <source>Explain shows which inputs each word of the translation came from.</source>
        <translation>Giải thích cho thấy mỗi từ của bản dịch đến từ những đầu vào nào.</translation>
    </message>
    <message>
        <source>input: source pieces, then [the translation so far]</source>
        <translation>đầu vào: các mảnh của câu nguồn, rồi [bản dịch tới lúc đó]</translation>
    </message>
    <message>
        <source>predicted piece</source>
        <translation>mảnh được dự đoán</translation>
    </message>
    <message>
        <source>score</source>
        <translation>điểm</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>dự đoán</translation>
    </message>
    <message>
        <source>input</source>
        <translation>đầu vào</translation>
    </message>
    <message>
        <source>Export the explanation</source>
        <translation>Xuất lời giải thích</translation>
    </message>
    <message>
        <source>SVG (*.svg);;PDF (*.pdf)</source>
        <translation>SVG (*.svg);;PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Could not write &apos;%1&apos; and its .json.</source>
        <translation>Không ghi được &apos;%1&apos; và tệp .json của nó.</translation>
    </message>
    <message>
        <source>Could not explain: %1</source>
        <translation>Không giải thích được: %1</translation>
    </message>
    <message>
        <source>Type a sentence above, then Explain.</source>
        <translation>Hãy nhập một câu ở trên, rồi bấm Giải thích.</translation>
    </message>
    <message>
        <source>Explaining “%1”…</source>
        <translation>Đang giải thích “%1”…</translation>
    </message>
    <message>
        <source>input: source, then [the translation so far]</source>
        <translation>đầu vào: câu nguồn, rồi [bản dịch tới lúc đó]</translation>
    </message>
    <message>
        <source> — row %1: “%2” rather than “%3”</source>
        <translation> — hàng %1: “%2” mà không phải “%3”</translation>
    </message>
    <message>
        <source>“%1” → “%2” (%3 ms)</source>
        <translation>“%1” → “%2” (%3 ms)</translation>
    </message>
    <message>
        <source>integrated gradients: each row adds up to its change in log-probability from the baseline within %1 (the largest change is %2); more steps close the gap</source>
        <translation>gradient tích phân: tổng mỗi hàng bằng mức thay đổi log-xác suất so với đường cơ sở, sai lệch tối đa %1 (mức thay đổi lớn nhất là %2); thêm bước sẽ thu hẹp sai lệch</translation>
    </message>
    <message>
        <source>The maps shown, side by side, as SVG or PDF, their numbers beside them as JSON</source>
        <translation>Các bản đồ đang hiển thị, đặt cạnh nhau, dạng SVG hoặc PDF, các con số bên cạnh dạng JSON</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>Lời giải thích</translation>
    </message>
    <message>
        <source>Attention: the decoder layer whose cross- and self-attention are shown</source>
        <translation>Attention: lớp giải mã có cross- và self-attention được hiển thị</translation>
    </message>
    <message>
        <source>Attention of</source>
        <translation>Attention của</translation>
    </message>
    <message>
        <source>the last layer</source>
        <translation>lớp cuối</translation>
    </message>
    <message>
        <source>every layer (mean)</source>
        <translation>mọi lớp (trung bình)</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>lớp %1</translation>
    </message>
    <message>
        <source>mean of the heads</source>
        <translation>trung bình các đầu</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>đầu %1</translation>
    </message>
    <message>
        <source> — %1, %2</source>
        <translation> — %1, %2</translation>
    </message>
</context>
<context>
    <name>studio::ui::FaithfulnessPanel</name>
    <message>
        <source>Random order</source>
        <translation>Thứ tự ngẫu nhiên</translation>
    </message>
    <message>
        <source>The first sentences of the model&apos;s dev split</source>
        <translation>Những câu đầu tiên của phần dev của mô hình</translation>
    </message>
    <message>
        <source>masked out (&lt;pad&gt;)</source>
        <translation>bị che (&lt;pad&gt;)</translation>
    </message>
    <message>
        <source>replaced by &lt;unk&gt;</source>
        <translation>thay bằng &lt;unk&gt;</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>Đo</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Dừng</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Xuất…</translation>
    </message>
    <message>
        <source>The chart as SVG or PDF, the curves beside it as JSON</source>
        <translation>Biểu đồ dạng SVG hoặc PDF, các đường cong bên cạnh dạng JSON</translation>
    </message>
    <message>
        <source>Dev sentences</source>
        <translation>Câu dev</translation>
    </message>
    <message>
        <source>Removed pieces are</source>
        <translation>Các mảnh bị bỏ được</translation>
    </message>
    <message>
        <source>Which explanation tells the truth about this model? For every word of the model&apos;s own translations, each method ranks the source pieces; removing the top-ranked ones should make the word unlikely at once (deletion: the lower the area, the more faithful), and putting only them back should restore it (insertion: the higher, the better). A random order is the line to beat.</source>
        <translation>Lời giải thích nào nói đúng về mô hình này? Với mỗi từ trong bản dịch của chính mô hình, mỗi phương pháp xếp hạng các mảnh của câu nguồn; bỏ các mảnh xếp đầu phải làm từ đó khó xảy ra ngay (xoá: diện tích càng thấp càng trung thực), và chỉ đặt lại chúng phải khôi phục được từ đó (chèn: càng cao càng tốt). Thứ tự ngẫu nhiên là mức phải vượt qua.</translation>
    </message>
    <message>
        <source>P(the predicted piece)</source>
        <translation>P(mảnh được dự đoán)</translation>
    </message>
    <message>
        <source>share of the source removed, best-ranked first</source>
        <translation>phần câu nguồn bị bỏ, xếp hạng cao trước</translation>
    </message>
    <message>
        <source>share of the source put back, best-ranked first</source>
        <translation>phần câu nguồn được đặt lại, xếp hạng cao trước</translation>
    </message>
    <message>
        <source>Deletion (lower is more faithful)</source>
        <translation>Xoá (thấp hơn là trung thực hơn)</translation>
    </message>
    <message>
        <source>Insertion (higher is more faithful)</source>
        <translation>Chèn (cao hơn là trung thực hơn)</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Phương pháp</translation>
    </message>
    <message>
        <source>Deletion area ↓</source>
        <translation>Diện tích xoá ↓</translation>
    </message>
    <message>
        <source>Insertion area ↑</source>
        <translation>Diện tích chèn ↑</translation>
    </message>
    <message>
        <source>Insertion − deletion</source>
        <translation>Chèn − xoá</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Giây</translation>
    </message>
    <message>
        <source>Could not measure: %1</source>
        <translation>Không đo được: %1</translation>
    </message>
    <message>
        <source>Export the faithfulness chart</source>
        <translation>Xuất biểu đồ độ trung thực</translation>
    </message>
    <message>
        <source>SVG (*.svg);;PDF (*.pdf)</source>
        <translation>SVG (*.svg);;PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Could not write &apos;%1&apos; and its .json.</source>
        <translation>Không ghi được &apos;%1&apos; và tệp .json của nó.</translation>
    </message>
    <message numerus="yes">
        <source>Measuring every method on %n dev sentence(s)…</source>
        <translation>
            <numerusform>Đang đo mọi phương pháp trên %n câu dev…</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 sentences, %2 predicted pieces (%3 s)%4</source>
        <translation>%1 câu, %2 mảnh được dự đoán (%3 giây)%4</translation>
    </message>
    <message>
        <source>, stopped early</source>
        <translation>, dừng sớm</translation>
    </message>
    <message>
        <source>. Most faithful here: %1 (deletion area %2 against random&apos;s %3, insertion %4 against %5).</source>
        <translation>. Trung thực nhất ở đây: %1 (diện tích xoá %2 so với %3 của ngẫu nhiên, chèn %4 so với %5).</translation>
    </message>
    <message>
        <source> Saved to %1.</source>
        <translation> Đã lưu vào %1.</translation>
    </message>
    <message>
        <source>Faithfulness of the explanations</source>
        <translation>Độ trung thực của các lời giải thích</translation>
    </message>
</context>
<context>
    <name>studio::ui::FileTranslationBar</name>
    <message>
        <source>Stop</source>
        <translation>Dừng</translation>
    </message>
    <message>
        <source>Stop after the batch being translated; nothing is written</source>
        <translation>Dừng sau lô đang dịch; không ghi gì cả</translation>
    </message>
    <message>
        <source>Open the translation</source>
        <translation>Mở bản dịch</translation>
    </message>
    <message>
        <source>Hide</source>
        <translation>Ẩn</translation>
    </message>
    <message>
        <source>Hide the file translation</source>
        <translation>Ẩn phần dịch tệp</translation>
    </message>
    <message>
        <source>Translating %1: %2 of %3 sentences…</source>
        <translation>Đang dịch %1: %2 trên %3 câu…</translation>
    </message>
    <message numerus="yes">
        <source>%1 → %2: %n line(s)</source>
        <translation>
            <numerusform>%1 → %2: %n dòng</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n sentence(s)) in %1 s.</source>
        <translation>
            <numerusform>(%n câu) trong %1 giây.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n sentence(s) longer than the model&apos;s positions were translated in parts (hover for which).</source>
        <translation>
            <numerusform>%n câu dài hơn số vị trí của mô hình đã được dịch thành từng phần (di chuột để xem câu nào).</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped: nothing was written to %1.</source>
        <translation>Đã dừng: không ghi gì vào %1.</translation>
    </message>
    <message>
        <source>%1 was not translated: %2</source>
        <translation>Chưa dịch được %1: %2</translation>
    </message>
    <message>
        <source>Translate a file</source>
        <translation>Dịch một tệp</translation>
    </message>
    <message>
        <source>Save the translation as</source>
        <translation>Lưu bản dịch thành</translation>
    </message>
    <message>
        <source>Reading %1 and loading the model…</source>
        <translation>Đang đọc %1 và nạp mô hình…</translation>
    </message>
    <message numerus="yes">
        <source>%n sentence(s) recurred and took the translation decoded the first time.</source>
        <translation>
            <numerusform>%n câu lặp lại và dùng bản dịch đã giải mã lần đầu.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n line break(s) fall inside sentences: if the text is wrapped over lines, translate it again with Lines wrapped within paragraphs.</source>
        <translation>
            <numerusform>%n chỗ ngắt dòng nằm giữa câu: nếu văn bản bị ngắt dòng, hãy dịch lại với Các dòng ngắt giữa đoạn văn.</numerusform>
        </translation>
    </message>
    <message>
        <source>Read it as %1</source>
        <translation>Đọc theo %1</translation>
    </message>
    <message>
        <source>Translate %1 as Vietnamese text in %2, an 8-bit encoding from before Unicode</source>
        <translation>Dịch %1 như văn bản tiếng Việt theo %2, một bảng mã 8 bit có từ trước Unicode</translation>
    </message>
    <message>
        <source>Read and written in %1.</source>
        <translation>Đọc và ghi theo %1.</translation>
    </message>
    <message>
        <source>The translation: %1</source>
        <translation>Bản dịch: %1</translation>
    </message>
    <message numerus="yes">
        <source>An ensemble of %n model(s) translated it.</source>
        <translation>
            <numerusform>Một tổ hợp %n mô hình đã dịch tệp này.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 → %2: %n XLIFF segment(s) given a translation</source>
        <translation>
            <numerusform>%1 → %2: %n phân đoạn XLIFF được dịch</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n sentence(s)) in %1 s;</source>
        <translation>
            <numerusform>(%n câu) trong %1 giây;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n kept as they were (they had one),</source>
        <translation>
            <numerusform>%n giữ nguyên (đã có bản dịch),</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not to be translated.</source>
        <translation>
            <numerusform>%n không cần dịch.</numerusform>
        </translation>
    </message>
    <message>
        <source>Glossary: %1.</source>
        <translation>Bảng thuật ngữ: %1.</translation>
    </message>
    <message>
        <source>Save as a translation memory…</source>
        <translation>Lưu thành bộ nhớ dịch…</translation>
    </message>
    <message>
        <source>Save each sentence and its translation as a TMX file, for a CAT tool (OmegaT, Trados, memoQ) to review and reuse</source>
        <translation>Lưu từng câu và bản dịch của nó thành tệp TMX, để một công cụ CAT (OmegaT, Trados, memoQ) rà soát và dùng lại</translation>
    </message>
    <message>
        <source>Save the translation memory as</source>
        <translation>Lưu bộ nhớ dịch thành</translation>
    </message>
    <message>
        <source>Translation memories (*.tmx);;All files (*)</source>
        <translation>Bộ nhớ dịch (*.tmx);;Mọi tệp (*)</translation>
    </message>
    <message>
        <source>The translation memory was not saved: %1</source>
        <translation>Chưa lưu được bộ nhớ dịch: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n translation unit(s) saved to %1.</source>
        <translation>
            <numerusform>Đã lưu %n đơn vị dịch vào %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n sentence(s) translated as nothing left out.</source>
        <translation>
            <numerusform>Bỏ qua %n câu có bản dịch rỗng.</numerusform>
        </translation>
    </message>
    <message>
        <source>Save word alignments…</source>
        <translation>Lưu gióng hàng từ…</translation>
    </message>
    <message>
        <source>Save the word alignments as</source>
        <translation>Lưu gióng hàng từ thành</translation>
    </message>
    <message>
        <source>Word alignments (*.align);;All files (*)</source>
        <translation>Gióng hàng từ (*.align);;Mọi tệp (*)</translation>
    </message>
    <message>
        <source>Aligning %1 with its translation: %2 of %3 lines…</source>
        <translation>Đang gióng hàng %1 với bản dịch: %2 trên %3 dòng…</translation>
    </message>
    <message numerus="yes">
        <source>Word alignments of %n line(s) saved to %1</source>
        <translation>
            <numerusform>Đã lưu gióng hàng từ của %n dòng vào %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n link(s)).</source>
        <translation>
            <numerusform>(%n liên kết).</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped: the word alignments were not saved.</source>
        <translation>Đã dừng: gióng hàng từ chưa được lưu.</translation>
    </message>
    <message>
        <source>The word alignments were not saved: %1</source>
        <translation>Gióng hàng từ chưa được lưu: %1</translation>
    </message>
    <message>
        <source>Aligning %1 with its translation…</source>
        <translation>Đang gióng hàng %1 với bản dịch…</translation>
    </message>
    <message>
        <source>Save, for each line, which Vietnamese words each English word drew on (read off the cross-attention): &quot;source-target&quot; word pairs counted from 0, as fast_align and Moses write them, or the weights themselves</source>
        <translation>Lưu, cho mỗi dòng, những từ tiếng Việt mà mỗi từ tiếng Anh dựa vào (đọc từ cross-attention): các cặp từ &quot;nguồn-đích&quot; đếm từ 0, như fast_align và Moses ghi, hoặc chính các trọng số</translation>
    </message>
    <message>
        <source>(soft weights).</source>
        <translation>(trọng số mềm).</translation>
    </message>
    <message numerus="yes">
        <source>%1 → %2: %n block(s) of text translated</source>
        <translation>
            <numerusform>%1 → %2: %n khối văn bản được dịch</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n element(s) marked not to be translated left as written.</source>
        <translation>
            <numerusform>%n phần tử được đánh dấu không dịch được giữ nguyên.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>and %n attribute(s) (alt, title…)</source>
        <translation>
            <numerusform>và %n thuộc tính (alt, title…)</numerusform>
        </translation>
    </message>
    <message>
        <source>Read in %1; written in UTF-8, as the page now says.</source>
        <translation>Đọc theo bảng mã %1; bản dịch được ghi bằng UTF-8, như trang giờ khai báo.</translation>
    </message>
    <message numerus="yes">
        <source>%n element(s) in another language (lang) left as written.</source>
        <translation>
            <numerusform>%n phần tử bằng ngôn ngữ khác (lang) được giữ nguyên.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 → %2: %n paragraph(s) translated</source>
        <translation>
            <numerusform>%1 → %2: %n đoạn văn được dịch</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n paragraph(s) kept as written (hover for why).</source>
        <translation>
            <numerusform>%n đoạn văn được giữ nguyên (di chuột lên để xem lý do).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n comment(s) not translated.</source>
        <translation>
            <numerusform>%n ghi chú không được dịch.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of them in the old .Vn fonts, read as TCVN3.</source>
        <translation>
            <numerusform>%n đoạn trong số đó dùng phông .Vn cũ, được đọc theo TCVN3.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 → %2: %n page(s) translated</source>
        <translation>
            <numerusform>%1 → %2: %n trang được dịch</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n block(s) of text,</source>
        <translation>
            <numerusform>(%n khối văn bản,</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n attribute(s) and</source>
        <translation>
            <numerusform>%n thuộc tính và</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n title(s) and table of contents label(s);</source>
        <translation>
            <numerusform>%n tiêu đề và mục lục;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n sentence(s)) in %1 s.</source>
        <translation>
            <numerusform>%n câu) trong %1 giây.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) or part(s) of the book not read as it says (hover for which).</source>
        <translation>
            <numerusform>%n tệp hoặc phần của sách không được đọc như nó ghi (di chuột để xem).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 → %2: %n subtitle(s) translated</source>
        <translation>
            <numerusform>%1 → %2: %n phụ đề được dịch</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n text(s) with no timing line before them translated where they stand (hover for which).</source>
        <translation>
            <numerusform>%n đoạn chữ không có dòng thời gian phía trước được dịch tại chỗ (di chuột để xem).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 → %2: %n text(s) of cells and text boxes translated</source>
        <translation>
            <numerusform>%1 → %2: %n đoạn chữ trong ô và hộp văn bản được dịch</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n code or HTML block(s) kept as written.</source>
        <translation>
            <numerusform>%n khối mã hoặc HTML được giữ nguyên.</numerusform>
        </translation>
    </message>
    <message>
        <source>Text, XLIFF files, web pages, documents, presentations, spreadsheets, books, subtitles and Markdown (*.txt *.vi *.xlf *.xliff *.html *.htm *.xhtml *.docx *.pptx *.xlsx *.odt *.odp *.ods *.epub *.srt *.vtt *.md);;All files (*)</source>
        <translation>Tệp văn bản, tệp XLIFF, trang web, tài liệu, bản trình chiếu, bảng tính, sách, phụ đề và Markdown (*.txt *.vi *.xlf *.xliff *.html *.htm *.xhtml *.docx *.pptx *.xlsx *.odt *.odp *.ods *.epub *.srt *.vtt *.md);;Mọi tệp (*)</translation>
    </message>
    <message>
        <source>Text, XLIFF files, web pages, documents, presentations, spreadsheets, books, subtitles and Markdown (*.txt *.en *.xlf *.xliff *.html *.htm *.xhtml *.docx *.pptx *.xlsx *.odt *.odp *.ods *.epub *.srt *.vtt *.md);;All files (*)</source>
        <translation>Tệp văn bản, tệp XLIFF, trang web, tài liệu, bản trình chiếu, bảng tính, sách, phụ đề và Markdown (*.txt *.en *.xlf *.xliff *.html *.htm *.xhtml *.docx *.pptx *.xlsx *.odt *.odp *.ods *.epub *.srt *.vtt *.md);;Mọi tệp (*)</translation>
    </message>
    <message numerus="yes">
        <source>%n of them in VNI fonts, read as VNI.</source>
        <translation>
            <numerusform>%n đoạn trong số đó dùng phông VNI, được đọc theo bảng mã VNI.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>studio::ui::FineTuneBox</name>
    <message>
        <source>Start from</source>
        <translation>Bắt đầu từ</translation>
    </message>
    <message>
        <source>Continue from a model…</source>
        <translation>Tiếp tục từ một mô hình…</translation>
    </message>
    <message>
        <source>Fine-tune a trained model (best.pt of a run, or any checkpoint) on the corpus above: its vocabulary and shape are kept and the corpus is prepared with its SentencePiece model</source>
        <translation>Tinh chỉnh một mô hình đã huấn luyện (best.pt của một lượt chạy, hoặc checkpoint bất kỳ) trên kho ngữ liệu ở trên: giữ nguyên từ vựng và cấu trúc của nó, và kho ngữ liệu được chuẩn bị bằng mô hình SentencePiece của nó</translation>
    </message>
    <message>
        <source>Choose a model to continue from</source>
        <translation>Chọn mô hình để tiếp tục</translation>
    </message>
    <message>
        <source>Models (*.pt);;All files (*)</source>
        <translation>Mô hình (*.pt);;Mọi tệp (*)</translation>
    </message>
    <message>
        <source>New model</source>
        <translation>Mô hình mới</translation>
    </message>
    <message>
        <source>Train a new model from random weights (the preset below decides its shape)</source>
        <translation>Huấn luyện một mô hình mới từ trọng số ngẫu nhiên (cấu hình sẵn bên dưới quyết định cấu trúc của nó)</translation>
    </message>
    <message>
        <source>Original data</source>
        <translation>Dữ liệu gốc</translation>
    </message>
    <message>
        <source>The data folder the model learnt from: its dev split is evaluated beside the new one (the brown points of the BLEU chart show what fine-tuning forgets), and its training pairs are replayed. Empty: neither.</source>
        <translation>Thư mục dữ liệu mà mô hình đã học: tập dev của nó được đánh giá bên cạnh tập dev mới (các điểm màu nâu trên biểu đồ BLEU cho thấy tinh chỉnh làm quên những gì), và các cặp huấn luyện của nó được phát lại. Để trống: không làm cả hai.</translation>
    </message>
    <message>
        <source>Replay share</source>
        <translation>Tỉ lệ phát lại</translation>
    </message>
    <message>
        <source>Share of the training pairs drawn from the original data, against forgetting (0: the new corpus only)</source>
        <translation>Tỉ lệ cặp huấn luyện lấy từ dữ liệu gốc, để chống quên (0: chỉ kho ngữ liệu mới)</translation>
    </message>
    <message>
        <source>Cannot continue from &apos;%1&apos;: %2</source>
        <translation>Không thể tiếp tục từ &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>A new model, from random weights.</source>
        <translation>Một mô hình mới, từ trọng số ngẫu nhiên.</translation>
    </message>
    <message>
        <source>Fine-tuning %1: its weights, vocabulary (%2) and shape; a fresh optimizer. The corpus is prepared with that SentencePiece model.</source>
        <translation>Tinh chỉnh %1: trọng số, từ vựng (%2) và cấu trúc của nó; bộ tối ưu mới. Kho ngữ liệu được chuẩn bị bằng mô hình SentencePiece đó.</translation>
    </message>
</context>
<context>
    <name>studio::ui::FirstRunPanel</name>
    <message>
        <source>&lt;b&gt;Train your first translator&lt;/b&gt;</source>
        <translation>&lt;b&gt;Huấn luyện bộ dịch đầu tiên của bạn&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Measuring this computer&apos;s speed…</source>
        <translation>Đang đo tốc độ của máy tính này…</translation>
    </message>
    <message>
        <source>Run folder for the starter model</source>
        <translation>Thư mục chạy cho mô hình khởi đầu</translation>
    </message>
    <message>
        <source>Change…</source>
        <translation>Đổi…</translation>
    </message>
    <message>
        <source>Folder for the run</source>
        <translation>Thư mục cho lần chạy</translation>
    </message>
    <message>
        <source>Train the starter model</source>
        <translation>Huấn luyện mô hình khởi đầu</translation>
    </message>
    <message>
        <source>Set up a run myself</source>
        <translation>Tự thiết lập một lần chạy</translation>
    </message>
    <message>
        <source>Train a starter model on the demo corpus: Vietnamese and English messages of free software, about 60,000 sentence pairs. After its first evaluation you can type in Translate and look inside in Attention without choosing anything; it keeps improving while you do.</source>
        <translation>Huấn luyện một mô hình khởi đầu trên kho ngữ liệu mẫu: các thông điệp tiếng Việt và tiếng Anh của phần mềm tự do, khoảng 60.000 cặp câu. Sau lần đánh giá đầu tiên, bạn có thể gõ trong Dịch và xem bên trong ở Chú ý mà không cần chọn gì; mô hình vẫn tiếp tục tốt lên trong lúc đó.</translation>
    </message>
    <message>
        <source>Run folder:</source>
        <translation>Thư mục chạy:</translation>
    </message>
    <message>
        <source>Could not measure this computer&apos;s speed: %1</source>
        <translation>Không đo được tốc độ của máy tính này: %1</translation>
    </message>
    <message numerus="yes">
        <source>About %n minute(s) on this computer (%1 steps of %2 s, in %3), measured just now.</source>
        <translation>
            <numerusform>Khoảng %n phút trên máy tính này (%1 bước, mỗi bước %2 giây, bằng %3), vừa đo xong.</numerusform>
        </translation>
    </message>
    <message>
        <source>float32</source>
        <translation>float32</translation>
    </message>
    <message numerus="yes">
        <source>Train the starter model (about %n minute(s))</source>
        <translation>
            <numerusform>Huấn luyện mô hình khởi đầu (khoảng %n phút)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 on %2 workers</source>
        <translation>%1 trên %2 tiến trình</translation>
    </message>
    <message>
        <source>Get the demo corpus</source>
        <translation>Tải kho ngữ liệu mẫu</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Dừng</translation>
    </message>
    <message>
        <source>Downloading package %1 of %2…</source>
        <translation>Đang tải gói %1 / %2…</translation>
    </message>
    <message>
        <source>Unpacking package %1 of %2…</source>
        <translation>Đang giải nén gói %1 / %2…</translation>
    </message>
    <message>
        <source>Reading the catalogs, cleaning and splitting the pairs…</source>
        <translation>Đang đọc các danh mục, làm sạch và chia các cặp câu…</translation>
    </message>
    <message>
        <source>The demo corpus is ready: %1 sentence pairs from %2 catalogs.</source>
        <translation>Kho ngữ liệu mẫu đã sẵn sàng: %1 cặp câu từ %2 danh mục.</translation>
    </message>
    <message numerus="yes">
        <source>%n package(s) could not be downloaded: %1.</source>
        <translation>
            <numerusform>%n gói không tải được: %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>The demo corpus is not on this computer yet. It is made from the Vietnamese message catalogs of %1 Debian packages: Get the demo corpus downloads them once with apt-get (about 750 MB, kept in %2) and builds it, in a few minutes. Or set up a run with your own corpus.</source>
        <translation>Máy này chưa có kho ngữ liệu mẫu. Nó được làm từ các danh mục thông điệp tiếng Việt của %1 gói Debian: Tải kho ngữ liệu mẫu sẽ tải chúng một lần bằng apt-get (khoảng 750 MB, giữ trong %2) rồi dựng kho, trong vài phút. Hoặc tự thiết lập một lượt huấn luyện với kho ngữ liệu của bạn.</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Đang bắt đầu…</translation>
    </message>
    <message>
        <source>Toy task</source>
        <translation>Bài toán đồ chơi</translation>
    </message>
    <message>
        <source>Train on the toy task</source>
        <translation>Huấn luyện trên bài toán đồ chơi</translation>
    </message>
    <message>
        <source>Or watch a small Transformer learn a toy task first, in about a minute, with nothing to download:</source>
        <translation>Hoặc xem trước một Transformer nhỏ học một bài toán đồ chơi, trong khoảng một phút, không cần tải gì:</translation>
    </message>
    <message>
        <source>Before it trains, it times the %1 workers against one process of all the threads, and trains the faster way.</source>
        <translation>Trước khi huấn luyện, nó đo tốc độ của %1 tiến trình so với một tiến trình dùng mọi luồng, rồi huấn luyện theo cách nhanh hơn.</translation>
    </message>
</context>
<context>
    <name>studio::ui::GlossaryEditor</name>
    <message>
        <source>Glossary terms</source>
        <translation>Các thuật ngữ của bảng thuật ngữ</translation>
    </message>
    <message>
        <source>Vietnamese (as typed)</source>
        <translation>Tiếng Việt (đúng như gõ)</translation>
    </message>
    <message>
        <source>English</source>
        <translation>Tiếng Anh</translation>
    </message>
    <message>
        <source>Where the Vietnamese words occur in a sentence (case and diacritics as typed, whole words), its translation contains the English</source>
        <translation>Nơi các từ tiếng Việt xuất hiện trong một câu (chữ hoa và dấu đúng như gõ, nguyên từ), bản dịch của câu chứa từ tiếng Anh</translation>
    </message>
    <message>
        <source>Add a term</source>
        <translation>Thêm thuật ngữ</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Xoá</translation>
    </message>
    <message>
        <source>Remove the chosen terms</source>
        <translation>Xoá các thuật ngữ đã chọn</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Lưu</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>Lưu thành…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Đóng</translation>
    </message>
    <message>
        <source>Save the glossary as</source>
        <translation>Lưu bảng thuật ngữ thành</translation>
    </message>
    <message>
        <source>Glossaries (*.tsv *.txt)</source>
        <translation>Bảng thuật ngữ (*.tsv *.txt)</translation>
    </message>
    <message>
        <source>%1 Fix it in a text editor; here, a new glossary.</source>
        <translation>%1 Hãy sửa nó trong một trình soạn thảo văn bản; ở đây là một bảng thuật ngữ mới.</translation>
    </message>
    <message>
        <source>New glossary</source>
        <translation>Bảng thuật ngữ mới</translation>
    </message>
    <message>
        <source>Glossary: %1%2 — Attention Studio</source>
        <translation>Bảng thuật ngữ: %1%2 — Attention Studio</translation>
    </message>
    <message>
        <source>A new glossary: Save writes it as a TSV file, a term a line (VIETNAMESE&lt;TAB&gt;ENGLISH), and Translate follows it.</source>
        <translation>Một bảng thuật ngữ mới: Lưu sẽ ghi nó thành tệp TSV, mỗi dòng một thuật ngữ (TIẾNG VIỆT&lt;TAB&gt;TIẾNG ANH), và phần Dịch sẽ tuân theo nó.</translation>
    </message>
    <message>
        <source>%1 is a TBX termbase: its terms are shown here, and Save as… writes them as a TSV glossary (the termbase is edited in your terminology tool).</source>
        <translation>%1 là một kho thuật ngữ TBX: các thuật ngữ của nó được hiển thị ở đây, và Lưu thành… ghi chúng thành một bảng thuật ngữ TSV (kho thuật ngữ được sửa trong công cụ thuật ngữ của bạn).</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n term(s); its comments and blank lines stay where they are.</source>
        <translation>
            <numerusform>%1: %n thuật ngữ; các dòng chú thích và dòng trống của nó được giữ nguyên chỗ.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is the termbase: save the TSV glossary under another name.</source>
        <translation>%1 là kho thuật ngữ: hãy lưu bảng thuật ngữ TSV dưới một tên khác.</translation>
    </message>
    <message>
        <source>Glossary</source>
        <translation>Bảng thuật ngữ</translation>
    </message>
    <message>
        <source>Save the changes to the glossary?</source>
        <translation>Lưu các thay đổi của bảng thuật ngữ?</translation>
    </message>
</context>
<context>
    <name>studio::ui::HeadAblationPanel</name>
    <message>
        <source>Click heads to switch them off: the sentence is translated again with their outputs set to zero (the weights are not changed). Click again to switch a head back on.</source>
        <translation>Nhấp vào các đầu chú ý để tắt chúng: câu được dịch lại với đầu ra của chúng bằng không (trọng số không bị thay đổi). Nhấp lần nữa để bật lại một đầu.</translation>
    </message>
    <message>
        <source>Switch every head on</source>
        <translation>Bật lại mọi đầu</translation>
    </message>
    <message>
        <source>Explore a sentence first.</source>
        <translation>Hãy khám phá một câu trước.</translation>
    </message>
    <message>
        <source>Encoder self-attention</source>
        <translation>Self-attention của bộ mã hoá</translation>
    </message>
    <message>
        <source>Decoder self-attention</source>
        <translation>Self-attention của bộ giải mã</translation>
    </message>
    <message>
        <source>Cross-attention</source>
        <translation>Cross-attention</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>lớp %1</translation>
    </message>
    <message>
        <source>%1, layer %2, head %3</source>
        <translation>%1, lớp %2, đầu %3</translation>
    </message>
    <message>
        <source>%1: click to switch it off or on (--head-mask %2:%3:%4)</source>
        <translation>%1: nhấp để tắt hoặc bật (--head-mask %2:%3:%4)</translation>
    </message>
    <message>
        <source>Translating…</source>
        <translation>Đang dịch…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Every head on:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Mọi đầu đều bật:&lt;/b&gt; %1</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%n head(s) off:&lt;/b&gt; %1</source>
        <translation>
            <numerusform>&lt;b&gt;%n đầu bị tắt:&lt;/b&gt; %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Every head is on: both lines are the same model.</source>
        <translation>Mọi đầu đều bật: hai dòng là cùng một mô hình.</translation>
    </message>
    <message>
        <source>The translation did not change (translate --head-mask %1).</source>
        <translation>Bản dịch không thay đổi (translate --head-mask %1).</translation>
    </message>
    <message>
        <source>The translation changed: struck words are gone, marked words are new (translate --head-mask %1).</source>
        <translation>Bản dịch đã thay đổi: từ bị gạch đã mất, từ được đánh dấu là mới (translate --head-mask %1).</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Thất bại: %1</translation>
    </message>
    <message>
        <source>
Off alone: BLEU %1 (drop %2), loss %3 (rise %4)</source>
        <translation>
Chỉ tắt đầu này: BLEU %1 (giảm %2), loss %3 (tăng %4)</translation>
    </message>
</context>
<context>
    <name>studio::ui::HeadImportanceChart</name>
    <message>
        <source>Rank every head on</source>
        <translation>Xếp hạng mọi đầu trên</translation>
    </message>
    <message>
        <source>How many dev sentences to translate for each head switched off</source>
        <translation>Số câu dev được dịch cho mỗi đầu bị tắt</translation>
    </message>
    <message>
        <source>dev sentences</source>
        <translation>câu dev</translation>
    </message>
    <message>
        <source>Rank heads</source>
        <translation>Xếp hạng các đầu</translation>
    </message>
    <message>
        <source>Translate the dev sentences with each head alone switched off: BLEU drop and loss rise (Michel et al. 2019)</source>
        <translation>Dịch các câu dev với từng đầu bị tắt riêng: BLEU giảm và loss tăng (Michel và cộng sự 2019)</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Dừng</translation>
    </message>
    <message>
        <source>BLEU drop with the head off</source>
        <translation>BLEU giảm khi tắt đầu</translation>
    </message>
    <message>
        <source>Measured %1 of %2 (every head on first, then each head off).</source>
        <translation>Đã đo %1 trên %2 (trước hết mọi đầu đều bật, sau đó tắt từng đầu).</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Thất bại: %1</translation>
    </message>
    <message>
        <source>Explore a sentence first: the heads are the explorer&apos;s model&apos;s.</source>
        <translation>Hãy khám phá một câu trước: các đầu là của mô hình trong trình khám phá.</translation>
    </message>
    <message>
        <source>Loading the model and the dev sentences…</source>
        <translation>Đang nạp mô hình và các câu dev…</translation>
    </message>
    <message>
        <source>Stopping after the head being measured…</source>
        <translation>Sẽ dừng sau đầu đang được đo…</translation>
    </message>
    <message>
        <source>%1 sentences, every head on: BLEU %2, loss %3 · %4 heads measured in %5 s%6%7</source>
        <translation>%1 câu, mọi đầu đều bật: BLEU %2, loss %3 · đã đo %4 đầu trong %5 giây%6%7</translation>
    </message>
    <message>
        <source> (stopped early)</source>
        <translation> (đã dừng sớm)</translation>
    </message>
    <message>
        <source> · saved to %1</source>
        <translation> · đã lưu vào %1</translation>
    </message>
    <message>
        <source>BLEU drop</source>
        <translation>BLEU giảm</translation>
    </message>
    <message>
        <source>and the pruning curve</source>
        <translation>và đường cắt tỉa</translation>
    </message>
    <message>
        <source>Then switch the least important heads off one by one (each layer keeps one head of each kind) and draw BLEU and loss against the heads left</source>
        <translation>Sau đó tắt lần lượt từng đầu ít quan trọng nhất (mỗi lớp giữ một đầu của mỗi loại) và vẽ BLEU và loss theo số đầu còn lại</translation>
    </message>
    <message>
        <source>BLEU and loss against the heads left</source>
        <translation>BLEU và loss theo số đầu còn lại</translation>
    </message>
    <message>
        <source>heads left (the least important switched off first)</source>
        <translation>số đầu còn lại (tắt đầu ít quan trọng nhất trước)</translation>
    </message>
    <message>
        <source>BLEU</source>
        <translation>BLEU</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>loss</translation>
    </message>
</context>
<context>
    <name>studio::ui::HeadTimelineView</name>
    <message>
        <source>enc</source>
        <translation>mã</translation>
    </message>
    <message>
        <source>dec</source>
        <translation>giải</translation>
    </message>
    <message>
        <source>cross</source>
        <translation>chéo</translation>
    </message>
    <message>
        <source>Statistic of each head</source>
        <translation>Thống kê của từng đầu</translation>
    </message>
    <message>
        <source>Entropy (bits): low = focused</source>
        <translation>Entropy (bit): thấp = tập trung</translation>
    </message>
    <message>
        <source>Weight on the end token (&lt;/s&gt;; &lt;s&gt; in decoder self-attention)</source>
        <translation>Trọng số trên token kết thúc (&lt;/s&gt;; &lt;s&gt; trong self-attention của bộ giải mã)</translation>
    </message>
    <message>
        <source>Weight on the diagonal (cross-attention: scaled to the source)</source>
        <translation>Trọng số trên đường chéo (cross-attention: co giãn theo câu nguồn)</translation>
    </message>
    <message>
        <source>Each head over training:</source>
        <translation>Từng đầu qua quá trình huấn luyện:</translation>
    </message>
    <message>
        <source>Each head&apos;s statistic over the training steps</source>
        <translation>Thống kê của từng đầu qua các bước huấn luyện</translation>
    </message>
    <message>
        <source>training step</source>
        <translation>bước huấn luyện</translation>
    </message>
    <message>
        <source>Rows: every head of every layer; columns: the recorded steps. Click a cell to open that head at that step.</source>
        <translation>Hàng: mọi đầu của mọi lớp; cột: các bước đã ghi. Bấm vào một ô để mở đầu đó ở bước đó.</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>trọng số</translation>
    </message>
    <message>
        <source>bits</source>
        <translation>bit</translation>
    </message>
    <message>
        <source>%1 L%2 H%3</source>
        <translation>%1 L%2 Đ%3</translation>
    </message>
    <message>
        <source>%1, layer %2, head %3 at step %4: %5</source>
        <translation>%1, lớp %2, đầu %3 ở bước %4: %5</translation>
    </message>
    <message>
        <source>No run chosen: train one in Training, or choose a run&apos;s model in Translate. Each head&apos;s statistic over the recorded steps appears here.</source>
        <translation>Chưa chọn lượt huấn luyện nào: hãy huấn luyện một lượt trong Huấn luyện, hoặc chọn mô hình của một lượt trong Dịch. Thống kê của từng đầu chú ý qua các bước đã ghi sẽ hiện ở đây.</translation>
    </message>
    <message>
        <source>%1 has no probe records yet: a run records its probe sentences at step 0, then at every evaluation, and they appear here as it trains.</source>
        <translation>%1 chưa có bản ghi câu thăm dò nào: một lượt huấn luyện ghi các câu thăm dò ở bước 0, rồi ở mỗi lần đánh giá, và chúng hiện ở đây trong lúc huấn luyện.</translation>
    </message>
    <message>
        <source>No records over this target: choose the other one (reference or own translation) in the timelapse bar.</source>
        <translation>Không có bản ghi nào cho đích này: hãy chọn đích kia (bản tham chiếu hoặc bản dịch của chính mô hình) trong thanh tua nhanh.</translation>
    </message>
    <message>
        <source>Role: what each head does (sink, previous token, diagonal, …)</source>
        <translation>Vai trò: mỗi đầu làm gì (bể hút, token trước, đường chéo, …)</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Xuất…</translation>
    </message>
    <message>
        <source>The map as SVG or PDF, its numbers beside it as JSON</source>
        <translation>Bản đồ dạng SVG hoặc PDF, các con số bên cạnh dạng JSON</translation>
    </message>
    <message>
        <source>Export the heads over training</source>
        <translation>Xuất các đầu qua quá trình huấn luyện</translation>
    </message>
    <message>
        <source>SVG (*.svg);;PDF (*.pdf)</source>
        <translation>SVG (*.svg);;PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Could not write &apos;%1&apos; and its .json.</source>
        <translation>Không ghi được &apos;%1&apos; và tệp .json của nó.</translation>
    </message>
    <message>
        <source>dead (last column: the head ranking of %1)</source>
        <translation>chết (cột cuối: xếp hạng đầu của %1)</translation>
    </message>
    <message>
        <source>ranked</source>
        <translation>đã xếp hạng</translation>
    </message>
    <message>
        <source>%1, layer %2, head %3 at step %4: %5 (%6); its last role, %7, since step %8%9</source>
        <translation>%1, lớp %2, đầu %3 ở bước %4: %5 (%6); vai trò sau cùng, %7, từ bước %8%9</translation>
    </message>
    <message>
        <source>; dead in the head ranking</source>
        <translation>; chết trong xếp hạng đầu</translation>
    </message>
    <message>
        <source>Heads over training</source>
        <translation>Các đầu qua quá trình huấn luyện</translation>
    </message>
    <message>
        <source>Thresholds…</source>
        <translation>Ngưỡng…</translation>
    </message>
    <message>
        <source>The thresholds of the roles&apos; rules</source>
        <translation>Các ngưỡng của quy tắc vai trò</translation>
    </message>
</context>
<context>
    <name>studio::ui::HelpWindow</name>
    <message>
        <source>Attention Studio help</source>
        <translation>Trợ giúp Attention Studio</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Lùi</translation>
    </message>
    <message>
        <source>The page before (%1)</source>
        <translation>Trang trước (%1)</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>Tiến</translation>
    </message>
    <message>
        <source>Front page</source>
        <translation>Trang đầu</translation>
    </message>
    <message>
        <source>The README: what Attention Studio is, the quick start and the list of pages</source>
        <translation>README: Attention Studio là gì, bắt đầu nhanh và danh sách các trang</translation>
    </message>
    <message>
        <source>Help pages</source>
        <translation>Các trang trợ giúp</translation>
    </message>
    <message>
        <source>Page:</source>
        <translation>Trang:</translation>
    </message>
    <message>
        <source>The help has no page %1.</source>
        <translation>Phần trợ giúp không có trang %1.</translation>
    </message>
    <message>
        <source>%1 is not part of the help installed here.</source>
        <translation>%1 không thuộc phần trợ giúp được cài ở đây.</translation>
    </message>
    <message>
        <source>Opened outside the help: %1</source>
        <translation>Đã mở bên ngoài phần trợ giúp: %1</translation>
    </message>
    <message>
        <source>%1 — Attention Studio help</source>
        <translation>%1 — Trợ giúp Attention Studio (tiếng Anh)</translation>
    </message>
</context>
<context>
    <name>studio::ui::LearnShortlistButton</name>
    <message>
        <source>Learn</source>
        <translation>Học</translation>
    </message>
    <message>
        <source>Learn a shortlist</source>
        <translation>Học một danh sách rút gọn</translation>
    </message>
    <message>
        <source>Learn a shortlist from the training pairs of the data folder the model&apos;s run trained on (which English pieces each Vietnamese piece translates to: IBM Model 1; seconds for the demo corpus), written there as shortlist.txt, as attention-studio-cli shortlist does</source>
        <translation>Học một danh sách rút gọn từ các cặp huấn luyện của thư mục dữ liệu mà lượt chạy của mô hình đã học (mỗi mảnh tiếng Việt được dịch thành những mảnh tiếng Anh nào: IBM Model 1; vài giây với kho ngữ liệu mẫu), ghi vào đó thành shortlist.txt, như attention-studio-cli shortlist</translation>
    </message>
    <message>
        <source>Learning %1/%2…</source>
        <translation>Đang học %1/%2…</translation>
    </message>
    <message>
        <source>Learning…</source>
        <translation>Đang học…</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Đang đọc…</translation>
    </message>
</context>
<context>
    <name>studio::ui::LensTimelineView</name>
    <message>
        <source>self</source>
        <translation>self</translation>
    </message>
    <message>
        <source>cross</source>
        <translation>cross</translation>
    </message>
    <message>
        <source>FFN</source>
        <translation>FFN</translation>
    </message>
    <message>
        <source>L%1 %2</source>
        <translation>L%1 %2</translation>
    </message>
    <message>
        <source>self-attention</source>
        <translation>self-attention</translation>
    </message>
    <message>
        <source>cross-attention</source>
        <translation>cross-attention</translation>
    </message>
    <message>
        <source>feed-forward</source>
        <translation>feed-forward</translation>
    </message>
    <message>
        <source>Layer %1 · %2</source>
        <translation>Lớp %1 · %2</translation>
    </message>
    <message>
        <source>Each block over training:</source>
        <translation>Từng khối qua quá trình huấn luyện:</translation>
    </message>
    <message>
        <source>Statistic of each block over training</source>
        <translation>Thống kê của từng khối qua quá trình huấn luyện</translation>
    </message>
    <message>
        <source>How often the piece that came next was the likeliest</source>
        <translation>Mảnh đến tiếp theo có khả năng nhất bao nhiêu lần</translation>
    </message>
    <message>
        <source>Its mean probability</source>
        <translation>Xác suất trung bình của nó</translation>
    </message>
    <message>
        <source>Its median rank (1 bright, 1,000 or more dark)</source>
        <translation>Hạng trung vị của nó (1 sáng, từ 1.000 trở lên tối)</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Xuất CSV…</translation>
    </message>
    <message>
        <source>Every step and block with its three numbers, as timelapse --lens writes them</source>
        <translation>Mọi bước và khối với ba con số của nó, như timelapse --lens ghi ra</translation>
    </message>
    <message>
        <source>Nothing to export: %1</source>
        <translation>Không có gì để xuất: %1</translation>
    </message>
    <message>
        <source>Export the lens over training</source>
        <translation>Xuất lens qua quá trình huấn luyện</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Tệp CSV (*.csv)</translation>
    </message>
    <message>
        <source>Cannot write &apos;%1&apos;.</source>
        <translation>Không thể ghi &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Each decoder block&apos;s lens over the training steps</source>
        <translation>Lens của từng khối bộ giải mã qua các bước huấn luyện</translation>
    </message>
    <message>
        <source>training step</source>
        <translation>bước huấn luyện</translation>
    </message>
    <message>
        <source>Rows: each decoder block; columns: the recorded steps, over the run&apos;s probe sentences. Click a column to show that step.</source>
        <translation>Hàng: từng khối của bộ giải mã; cột: các bước đã ghi, trên các câu thăm dò của lượt chạy. Nhấp vào một cột để xem bước đó.</translation>
    </message>
    <message>
        <source>No run chosen: train one in Training, or choose a run&apos;s model in Translate. What each decoder block predicts over the recorded steps appears here.</source>
        <translation>Chưa chọn lượt chạy nào: huấn luyện một lần trong Huấn luyện, hoặc chọn mô hình của một lượt chạy trong Dịch. Điều từng khối bộ giải mã dự đoán qua các bước đã ghi sẽ hiện ở đây.</translation>
    </message>
    <message>
        <source>%1 has no probe records yet: a run records its probe sentences at step 0, then at every evaluation, and they appear here as it trains.</source>
        <translation>%1 chưa có bản ghi câu thăm dò nào: một lượt huấn luyện ghi các câu thăm dò ở bước 0, rồi ở mỗi lần đánh giá, và chúng hiện ở đây trong lúc huấn luyện.</translation>
    </message>
    <message>
        <source>The records of %1 hold attention only: its probes.rec was written by an older version, before the lens was recorded with it. A run trained now records both.</source>
        <translation>Các bản ghi của %1 chỉ chứa attention: probes.rec của nó được một phiên bản cũ hơn ghi, trước khi lens được ghi kèm. Một lượt chạy huấn luyện bây giờ ghi cả hai.</translation>
    </message>
    <message>
        <source>No records over this target: choose the other one (reference or own translation) in the timelapse bar.</source>
        <translation>Không có bản ghi nào trên đích này: chọn đích kia (bản tham chiếu hoặc bản dịch của chính mô hình) trong thanh timelapse.</translation>
    </message>
    <message>
        <source>median rank</source>
        <translation>hạng trung vị</translation>
    </message>
    <message>
        <source>share of positions</source>
        <translation>tỉ lệ vị trí</translation>
    </message>
    <message>
        <source>probability</source>
        <translation>xác suất</translation>
    </message>
    <message>
        <source>%1 at step %2: the piece that came next was the likeliest at %3 % of %4 positions (%5 sentences); its mean probability %6, its median rank %7</source>
        <translation>%1 ở bước %2: mảnh đến tiếp theo có khả năng nhất ở %3 % của %4 vị trí (%5 câu); xác suất trung bình %6, hạng trung vị %7</translation>
    </message>
</context>
<context>
    <name>studio::ui::LensView</name>
    <message>
        <source>reads</source>
        <translation>đọc</translation>
    </message>
    <message>
        <source>came next</source>
        <translation>đến tiếp theo</translation>
    </message>
    <message>
        <source>Layer %1 · %2</source>
        <translation>Lớp %1 · %2</translation>
    </message>
    <message>
        <source>self-attention</source>
        <translation>self-attention</translation>
    </message>
    <message>
        <source>cross-attention</source>
        <translation>cross-attention</translation>
    </message>
    <message>
        <source>feed-forward</source>
        <translation>feed-forward</translation>
    </message>
    <message>
        <source>%1 (came next): %2, rank %3</source>
        <translation>%1 (đến tiếp theo): %2, hạng %3</translation>
    </message>
    <message>
        <source>Colour:</source>
        <translation>Màu:</translation>
    </message>
    <message>
        <source>Probability of the piece that came next</source>
        <translation>Xác suất của mảnh đến tiếp theo</translation>
    </message>
    <message>
        <source>Its rank (1 bright, 1,000 or more dark)</source>
        <translation>Hạng của nó (1 sáng, từ 1.000 trở lên tối)</translation>
    </message>
    <message>
        <source>Export %1…</source>
        <translation>Xuất %1…</translation>
    </message>
    <message>
        <source>Explore a sentence to see what the decoder would predict after each of its blocks.</source>
        <translation>Hãy khám phá một câu để xem bộ giải mã sẽ dự đoán gì sau mỗi khối của nó.</translation>
    </message>
    <message>
        <source>What the decoder would predict after each of its blocks, read through the output layer as if the model ended there (the logit lens). Each cell names the likeliest piece at that point, in bold where it is the piece that came next; its colour is that piece&apos;s probability (or rank). The last row is the model&apos;s own prediction. Click a cell for its %1 likeliest pieces.</source>
        <translation>Bộ giải mã sẽ dự đoán gì sau mỗi khối của nó, đọc qua lớp đầu ra như thể mô hình kết thúc ở đó (logit lens). Mỗi ô ghi mảnh có khả năng nhất tại điểm đó, in đậm khi đó là mảnh đến tiếp theo; màu của ô là xác suất (hoặc hạng) của mảnh đó. Hàng cuối là dự đoán của chính mô hình. Nhấp vào một ô để xem %1 mảnh có khả năng nhất của nó.</translation>
    </message>
    <message>
        <source>%1 (the model&apos;s own prediction)</source>
        <translation>%1 (dự đoán của chính mô hình)</translation>
    </message>
    <message>
        <source>After reading &lt;b&gt;%1&lt;/b&gt; (step %2), %3: %4. &lt;b&gt;%5&lt;/b&gt;, the piece that came next: probability %6, rank %7.</source>
        <translation>Sau khi đọc &lt;b&gt;%1&lt;/b&gt; (bước %2), %3: %4. &lt;b&gt;%5&lt;/b&gt;, mảnh đến tiếp theo: xác suất %6, hạng %7.</translation>
    </message>
    <message>
        <source>Nothing to export: explore a sentence with a model first.</source>
        <translation>Không có gì để xuất: hãy khám phá một câu với một mô hình trước.</translation>
    </message>
    <message>
        <source>Export as %1</source>
        <translation>Xuất dạng %1</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>Tệp %1 (*.%2)</translation>
    </message>
    <message>
        <source>Cannot write &apos;%1&apos;.</source>
        <translation>Không thể ghi &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Over the run&apos;s dev sentences</source>
        <translation>Trên các câu dev của lần chạy</translation>
    </message>
    <message>
        <source>Sum up 200 dev sentences</source>
        <translation>Tổng hợp 200 câu dev</translation>
    </message>
    <message>
        <source>Translate the first 200 sentences of the run&apos;s dev split and count, block by block, how often the piece that came next was already the likeliest there</source>
        <translation>Dịch 200 câu đầu của phần dev của lần chạy và đếm, theo từng khối, mảnh đến tiếp theo đã là mảnh có khả năng nhất ở đó bao nhiêu lần</translation>
    </message>
    <message>
        <source>Next piece the likeliest</source>
        <translation>Mảnh tiếp theo có khả năng nhất</translation>
    </message>
    <message>
        <source>Its mean probability</source>
        <translation>Xác suất trung bình của nó</translation>
    </message>
    <message>
        <source>Its median rank</source>
        <translation>Hạng trung vị của nó</translation>
    </message>
    <message>
        <source>Not summed up: %1</source>
        <translation>Chưa tổng hợp được: %1</translation>
    </message>
    <message>
        <source>Explore a sentence with a model first: a timelapse frame has no model file.</source>
        <translation>Hãy khám phá một câu với một mô hình trước: một khung của diễn biến huấn luyện không có tệp mô hình.</translation>
    </message>
    <message>
        <source>Translating the dev sentences…</source>
        <translation>Đang dịch các câu dev…</translation>
    </message>
    <message>
        <source>; stopped early</source>
        <translation>; đã dừng sớm</translation>
    </message>
    <message>
        <source>The summary was of another model: sum up this one&apos;s dev sentences again.</source>
        <translation>Bản tổng hợp là của một mô hình khác: hãy tổng hợp lại các câu dev cho mô hình này.</translation>
    </message>
    <message>
        <source>Over training (probe sentences)</source>
        <translation>Qua quá trình huấn luyện (câu thăm dò)</translation>
    </message>
    <message>
        <source>This frame of the timelapse holds attention only: its run&apos;s probes.rec was written by an older version, before the lens was recorded with it. Explore the sentence (or open one of the run&apos;s models) to see its lens.</source>
        <translation>Khung hình này của timelapse chỉ chứa attention: probes.rec của lượt chạy được một phiên bản cũ hơn ghi, trước khi lens được ghi kèm. Khám phá câu này (hoặc mở một mô hình của lượt chạy) để xem lens của nó.</translation>
    </message>
    <message>
        <source>%1%2: %3 sentences of %4 (%5 steps, each translation&apos;s own pieces and its end, beam 4)%6.</source>
        <translation>%1%2: %3 câu của %4 (%5 bước, các mảnh của chính mỗi bản dịch và kết thúc của nó, chùm 4)%6.</translation>
    </message>
    <message>
        <source>The tuned lens of </source>
        <translation>Tuned lens của </translation>
    </message>
    <message>
        <source>What the decoder knows after each of its blocks, read through the tuned lens: each block&apos;s state through a map learnt for it, then the output layer. Each cell names the likeliest piece at that point, in bold where it is the piece that came next; its colour is that piece&apos;s probability (or rank). The last row is the model&apos;s own prediction. Click a cell for its %1 likeliest pieces.</source>
        <translation>Điều bộ giải mã biết sau mỗi khối của nó, đọc qua tuned lens: trạng thái của từng khối qua một ánh xạ được học cho nó, rồi qua lớp đầu ra. Mỗi ô ghi mảnh có khả năng nhất tại điểm đó, in đậm khi đó là mảnh đến tiếp theo; màu của ô là xác suất (hoặc hạng) của mảnh đó. Hàng cuối là dự đoán của chính mô hình. Nhấp vào một ô để xem %1 mảnh có khả năng nhất của nó.</translation>
    </message>
</context>
<context>
    <name>studio::ui::MainWindow</name>
    <message>
        <source>Attention Studio</source>
        <translation>Attention Studio</translation>
    </message>
    <message>
        <source>Workspaces</source>
        <translation>Không gian làm việc</translation>
    </message>
    <message>
        <source>&amp;Training</source>
        <translation>&amp;Huấn luyện</translation>
    </message>
    <message>
        <source>T&amp;ranslate</source>
        <translation>&amp;Dịch</translation>
    </message>
    <message>
        <source>&amp;Attention</source>
        <translation>&amp;Attention</translation>
    </message>
    <message>
        <source>%1 build · LibTorch %2 · running on %3</source>
        <translation>Bản dựng %1 · LibTorch %2 · chạy trên %3</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Tệp</translation>
    </message>
    <message>
        <source>Open &amp;Run…</source>
        <translation>Mở thư mục &amp;huấn luyện…</translation>
    </message>
    <message>
        <source>Open a run folder</source>
        <translation>Mở một thư mục huấn luyện</translation>
    </message>
    <message>
        <source>Open &amp;Model…</source>
        <translation>Mở &amp;mô hình…</translation>
    </message>
    <message>
        <source>Open a model or checkpoint</source>
        <translation>Mở một mô hình hoặc checkpoint</translation>
    </message>
    <message>
        <source>Models (*.pt);;All files (*)</source>
        <translation>Mô hình (*.pt);;Mọi tệp (*)</translation>
    </message>
    <message>
        <source>Open R&amp;ecent</source>
        <translation>Mở &amp;gần đây</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Thoát</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Xem</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Trợ &amp;giúp</translation>
    </message>
    <message>
        <source>&amp;About Attention Studio</source>
        <translation>&amp;Giới thiệu Attention Studio</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Giới thiệu &amp;Qt</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a run folder: it has neither config.json nor metrics.jsonl.</source>
        <translation>&apos;%1&apos; không phải thư mục huấn luyện: không có config.json lẫn metrics.jsonl.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; does not exist.</source>
        <translation>&apos;%1&apos; không tồn tại.</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Attention Studio %1&lt;/h3&gt;&lt;p&gt;Train, use and look inside a Transformer translator (Vietnamese → English).&lt;/p&gt;&lt;table&gt;&lt;tr&gt;&lt;td&gt;Build&lt;/td&gt;&lt;td&gt;%2&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Qt&lt;/td&gt;&lt;td&gt;%3 (built with %4)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;LibTorch&lt;/td&gt;&lt;td&gt;%5&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;CUDA&lt;/td&gt;&lt;td&gt;%6&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;SentencePiece&lt;/td&gt;&lt;td&gt;%7&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;CPU threads&lt;/td&gt;&lt;td&gt;%8 of %9&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;BLAS&lt;/td&gt;&lt;td&gt;%10&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</source>
        <translation>&lt;h3&gt;Attention Studio %1&lt;/h3&gt;&lt;p&gt;Huấn luyện, sử dụng và nhìn vào bên trong một mô hình dịch Transformer (tiếng Việt → tiếng Anh).&lt;/p&gt;&lt;table&gt;&lt;tr&gt;&lt;td&gt;Bản dựng&lt;/td&gt;&lt;td&gt;%2&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Qt&lt;/td&gt;&lt;td&gt;%3 (dựng với %4)&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;LibTorch&lt;/td&gt;&lt;td&gt;%5&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;CUDA&lt;/td&gt;&lt;td&gt;%6&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;SentencePiece&lt;/td&gt;&lt;td&gt;%7&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;Luồng CPU&lt;/td&gt;&lt;td&gt;%8 trên %9&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;BLAS&lt;/td&gt;&lt;td&gt;%10&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;</translation>
    </message>
    <message numerus="yes">
        <source>available, %n GPU(s)</source>
        <translation>
            <numerusform>có sẵn, %n GPU</numerusform>
        </translation>
    </message>
    <message>
        <source>built in, no GPU found</source>
        <translation>có trong bản dựng, không tìm thấy GPU</translation>
    </message>
    <message>
        <source>not in this build</source>
        <translation>không có trong bản dựng này</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>không rõ</translation>
    </message>
    <message>
        <source>About Attention Studio</source>
        <translation>Giới thiệu Attention Studio</translation>
    </message>
    <message>
        <source>Training is running</source>
        <translation>Đang huấn luyện</translation>
    </message>
    <message>
        <source>Stop training? The current step finishes and a checkpoint is written; Resume continues later.</source>
        <translation>Dừng huấn luyện? Bước hiện tại sẽ hoàn tất và một checkpoint được ghi; &quot;Tiếp tục&quot; sẽ chạy tiếp sau.</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Ngôn ngữ</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Theo hệ thống</translation>
    </message>
    <message>
        <source>The language changes when Attention Studio starts next.</source>
        <translation>Ngôn ngữ sẽ đổi ở lần khởi động Attention Studio tiếp theo.</translation>
    </message>
    <message>
        <source>The Attention tab shows the probe sentences at step %1.</source>
        <translation>Thẻ Chú ý đang hiển thị các câu thăm dò ở bước %1.</translation>
    </message>
    <message>
        <source>Translate and Attention use the model of step %1 now.</source>
        <translation>Dịch và Chú ý giờ dùng mô hình của bước %1.</translation>
    </message>
    <message>
        <source>&amp;Compare with Run…</source>
        <translation>&amp;So sánh với lượt chạy…</translation>
    </message>
    <message>
        <source>Compare with a run folder</source>
        <translation>So sánh với một thư mục lượt chạy</translation>
    </message>
    <message>
        <source>Translate and Attention use the best checkpoint of %1 now.</source>
        <translation>Dịch và Chú ý giờ dùng điểm lưu tốt nhất của %1.</translation>
    </message>
    <message>
        <source>Restart in this language?</source>
        <translation>Khởi động lại bằng ngôn ngữ này?</translation>
    </message>
    <message>
        <source>Attention Studio reads its language when it starts. Restart it now? The open run, model, workspace and translation settings come back; text typed in Translate does not.</source>
        <translation>Attention Studio đọc ngôn ngữ khi khởi động. Khởi động lại ngay bây giờ? Lượt chạy, mô hình, không gian làm việc và thiết lập dịch đang mở sẽ được giữ lại; văn bản đã gõ trong Dịch thì không.</translation>
    </message>
    <message>
        <source>Restart now</source>
        <translation>Khởi động lại ngay</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>Để sau</translation>
    </message>
    <message>
        <source>Attention Studio could not start again (%1); the language changes when it starts next.</source>
        <translation>Attention Studio không thể khởi động lại (%1); ngôn ngữ sẽ đổi ở lần khởi động tiếp theo.</translation>
    </message>
    <message>
        <source>A file is being translated</source>
        <translation>Đang dịch một tệp</translation>
    </message>
    <message>
        <source>Stop translating the file? Nothing of its translation is written.</source>
        <translation>Dừng dịch tệp? Bản dịch của nó sẽ không được ghi.</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>&amp;Hướng dẫn sử dụng (tiếng Anh)</translation>
    </message>
    <message>
        <source>&amp;Quick Start</source>
        <translation>&amp;Bắt đầu nhanh (tiếng Anh)</translation>
    </message>
    <message>
        <source>&amp;Command Line</source>
        <translation>&amp;Dòng lệnh (tiếng Anh)</translation>
    </message>
    <message>
        <source>What Does &amp;Not Work Yet</source>
        <translation>Những gì &amp;chưa hoạt động (tiếng Anh)</translation>
    </message>
    <message>
        <source>The help pages are not installed here (looked in %1).</source>
        <translation>Các trang trợ giúp chưa được cài ở đây (đã tìm trong %1).</translation>
    </message>
</context>
<context>
    <name>studio::ui::MetricChart</name>
    <message>
        <source>Log scale</source>
        <translation>Thang log</translation>
    </message>
    <message>
        <source>%1: logarithmic axis</source>
        <translation>%1: trục logarit</translation>
    </message>
    <message>
        <source>Smooth</source>
        <translation>Làm mượt</translation>
    </message>
    <message>
        <source>Draw line series as an exponential moving average (weight 0.9), as TensorBoard does</source>
        <translation>Vẽ các đường theo trung bình trượt hàm mũ (trọng số 0,9), như TensorBoard</translation>
    </message>
    <message>
        <source>%1: smoothing</source>
        <translation>%1: làm mượt</translation>
    </message>
    <message>
        <source>PNG…</source>
        <translation>PNG…</translation>
    </message>
    <message>
        <source>Save this chart as a PNG image</source>
        <translation>Lưu biểu đồ này thành ảnh PNG</translation>
    </message>
    <message>
        <source>%1: save as PNG</source>
        <translation>%1: lưu dạng PNG</translation>
    </message>
    <message>
        <source>CSV…</source>
        <translation>CSV…</translation>
    </message>
    <message>
        <source>Save this chart&apos;s points as CSV</source>
        <translation>Lưu các điểm của biểu đồ này dạng CSV</translation>
    </message>
    <message>
        <source>%1: save as CSV</source>
        <translation>%1: lưu dạng CSV</translation>
    </message>
    <message>
        <source>Save chart</source>
        <translation>Lưu biểu đồ</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>Ảnh PNG (*.png)</translation>
    </message>
    <message>
        <source>Cannot write &apos;%1&apos;.</source>
        <translation>Không ghi được &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Save points</source>
        <translation>Lưu các điểm</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Tệp CSV (*.csv)</translation>
    </message>
    <message>
        <source>step</source>
        <translation>bước</translation>
    </message>
</context>
<context>
    <name>studio::ui::MinimalPairsPanel</name>
    <message>
        <source>Negation deleted</source>
        <translation>Bỏ phủ định</translation>
    </message>
    <message>
        <source>Negation added</source>
        <translation>Thêm phủ định</translation>
    </message>
    <message>
        <source>Numbers</source>
        <translation>Số</translation>
    </message>
    <message>
        <source>Agreement (is/are…)</source>
        <translation>Hoà hợp (is/are…)</translation>
    </message>
    <message>
        <source>Names copied</source>
        <translation>Tên chép nguyên</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Tất cả</translation>
    </message>
    <message>
        <source>Test on the test split</source>
        <translation>Kiểm tra trên tập kiểm tra</translation>
    </message>
    <message>
        <source>Make the pairs of the run&apos;s test split (its dev split when it has none) and score them</source>
        <translation>Tạo các cặp từ tập kiểm tra của lần chạy (tập phát triển khi không có) và chấm điểm chúng</translation>
    </message>
    <message>
        <source>Pairs from a file…</source>
        <translation>Các cặp từ tệp…</translation>
    </message>
    <message>
        <source>Your own pairs, a line each: Vietnamese, the right translation, the wrong one and (optionally) a kind, separated by tabs</source>
        <translation>Các cặp của bạn, mỗi dòng một cặp: câu tiếng Việt, bản dịch đúng, bản dịch sai và (tuỳ chọn) một loại, cách nhau bằng tab</translation>
    </message>
    <message>
        <source>Over training</source>
        <translation>Qua quá trình huấn luyện</translation>
    </message>
    <message>
        <source>The same pairs scored by every model the run kept (Keep models every N evaluations): when the model learnt each kind</source>
        <translation>Cùng các cặp đó được chấm bởi mọi mô hình lần chạy đã giữ (Giữ mô hình sau mỗi N lần đánh giá): mô hình học được từng loại khi nào</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Dừng</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Loại</translation>
    </message>
    <message>
        <source>Pairs</source>
        <translation>Số cặp</translation>
    </message>
    <message>
        <source>Right preferred</source>
        <translation>Chọn bản đúng</translation>
    </message>
    <message>
        <source>95 % interval</source>
        <translation>Khoảng 95 %</translation>
    </message>
    <message>
        <source>Mean margin</source>
        <translation>Chênh lệch trung bình</translation>
    </message>
    <message>
        <source>The right translation&apos;s log-probability minus the wrong one&apos;s, on average: how sure the model is</source>
        <translation>Log-xác suất của bản dịch đúng trừ của bản sai, tính trung bình: mô hình chắc chắn đến đâu</translation>
    </message>
    <message>
        <source>training step</source>
        <translation>bước huấn luyện</translation>
    </message>
    <message>
        <source>pairs passed (%)</source>
        <translation>số cặp vượt qua (%)</translation>
    </message>
    <message>
        <source>Failed pairs only</source>
        <translation>Chỉ các cặp không vượt qua</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Dòng</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Thay đổi</translation>
    </message>
    <message>
        <source>Margin</source>
        <translation>Chênh lệch</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>Đúng</translation>
    </message>
    <message>
        <source>Wrong</source>
        <translation>Sai</translation>
    </message>
    <message>
        <source>Double-click a pair to explore the sentence with its right translation (or, on the Wrong column, its wrong one) in the Translation box</source>
        <translation>Nhấp đúp vào một cặp để khám phá câu với bản dịch đúng (hoặc, ở cột Sai, bản dịch sai) trong ô Bản dịch</translation>
    </message>
    <message>
        <source>Read minimal pairs</source>
        <translation>Đọc các cặp tối thiểu</translation>
    </message>
    <message>
        <source>Tab-separated pairs (*.tsv *.txt);;All files (*)</source>
        <translation>Các cặp cách nhau bằng tab (*.tsv *.txt);;Mọi tệp (*)</translation>
    </message>
    <message>
        <source>Could not test: %1</source>
        <translation>Không kiểm thử được: %1</translation>
    </message>
    <message>
        <source>Open a model first (Translate&apos;s Model box).</source>
        <translation>Hãy mở một mô hình trước (ô Mô hình của Dịch).</translation>
    </message>
    <message>
        <source>Making pairs of the test split and scoring them…</source>
        <translation>Đang tạo các cặp từ tập kiểm tra và chấm điểm…</translation>
    </message>
    <message>
        <source>Scoring the pairs of %1…</source>
        <translation>Đang chấm các cặp của %1…</translation>
    </message>
    <message numerus="yes">
        <source>, %n not scored</source>
        <translation>
            <numerusform>, %n cặp không chấm được</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>made of %1 (%n lines)</source>
        <translation>
            <numerusform>tạo từ %1 (%n dòng)</numerusform>
        </translation>
    </message>
    <message>
        <source>read from %1</source>
        <translation>đọc từ %1</translation>
    </message>
    <message numerus="yes">
        <source>%n pairs %1: the model preferred the right translation in %2 (%3 s).</source>
        <translation>
            <numerusform>%n cặp %1: mô hình chọn bản dịch đúng trong %2 (%3 giây).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Over training: %n models the run kept, from step %1 to %2.</source>
        <translation>
            <numerusform>Qua quá trình huấn luyện: %n mô hình lần chạy đã giữ, từ bước %1 đến %2.</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopped: the pairs scored so far.</source>
        <translation>Đã dừng: các cặp đã chấm đến lúc này.</translation>
    </message>
    <message>
        <source>not scored</source>
        <translation>không chấm được</translation>
    </message>
    <message>
        <source>Placeholders (%s, %1…)</source>
        <translation>Biến giữ chỗ (%s, %1…)</translation>
    </message>
    <message>
        <source>What does the model know? Each minimal pair is a sentence&apos;s right translation beside a copy with one thing made wrong: the negation deleted or added, a number changed, is and are swapped, a name copied from the source swapped for another, placeholders such as %s swapped or changed. The model passes a pair when it finds the right translation the likelier one.</source>
        <translation>Mô hình biết gì? Mỗi cặp tối thiểu là bản dịch đúng của một câu bên cạnh một bản sao bị làm sai một chỗ: phủ định bị bỏ hay thêm vào, một con số bị đổi, is và are bị hoán đổi, một tên chép từ câu nguồn bị thay bằng tên khác, các biến giữ chỗ như %s bị hoán đổi hay thay đổi. Mô hình vượt qua một cặp khi nó thấy bản dịch đúng có khả năng cao hơn.</translation>
    </message>
</context>
<context>
    <name>studio::ui::NeighboursView</name>
    <message>
        <source>Distinct training pairs in the index, evenly spaced over the training split. More pairs find closer neighbours and take longer to index.</source>
        <translation>Số cặp huấn luyện khác nhau trong chỉ mục, rải đều trên tập huấn luyện. Nhiều cặp hơn thì tìm được láng giềng gần hơn nhưng lập chỉ mục lâu hơn.</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>Tìm</translation>
    </message>
    <message>
        <source>Look the captured sentence up in the training data</source>
        <translation>Tra câu đã ghi lại trong dữ liệu huấn luyện</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Dừng</translation>
    </message>
    <message>
        <source>Export JSON…</source>
        <translation>Xuất JSON…</translation>
    </message>
    <message>
        <source>Training pairs:</source>
        <translation>Cặp huấn luyện:</translation>
    </message>
    <message>
        <source>Export as JSON</source>
        <translation>Xuất dạng JSON</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>Tệp JSON (*.json)</translation>
    </message>
    <message>
        <source>Cannot write &apos;%1&apos;.</source>
        <translation>Không thể ghi &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Indexing the training pairs with the model: %1 of %2…</source>
        <translation>Đang lập chỉ mục các cặp huấn luyện bằng mô hình: %1 / %2…</translation>
    </message>
    <message>
        <source>Capture a sentence: this tab lists, for each of its pieces and of its translation&apos;s, the training pairs in which the model was in the most similar state.</source>
        <translation>Hãy ghi lại một câu: thẻ này liệt kê, cho từng mảnh của câu và của bản dịch, các cặp huấn luyện mà ở đó mô hình ở trạng thái giống nhất.</translation>
    </message>
    <message>
        <source>Looking the sentence up in the training data…</source>
        <translation>Đang tra câu trong dữ liệu huấn luyện…</translation>
    </message>
    <message>
        <source>%1 of the %2 distinct pairs (%3 lines) of %4/train indexed</source>
        <translation>Đã lập chỉ mục %1 trong %2 cặp khác nhau (%3 dòng) của %4/train</translation>
    </message>
    <message>
        <source> in %1 s.</source>
        <translation> trong %1 giây.</translation>
    </message>
    <message>
        <source> (kept from before).</source>
        <translation> (giữ từ trước).</translation>
    </message>
    <message>
        <source>Similarity is the cosine of the two states: 1 is the same state.</source>
        <translation>Độ tương đồng là cosin giữa hai trạng thái: 1 là cùng một trạng thái.</translation>
    </message>
    <message>
        <source>Vietnamese</source>
        <translation>Tiếng Việt</translation>
    </message>
    <message>
        <source>English</source>
        <translation>Tiếng Anh</translation>
    </message>
    <message>
        <source>Where the decoder was in the state closest to the one that wrote “%1”:</source>
        <translation>Nơi bộ giải mã ở trạng thái gần nhất với trạng thái đã viết ra “%1”:</translation>
    </message>
    <message>
        <source>Where the encoder&apos;s output was closest to its output at “%1”:</source>
        <translation>Nơi đầu ra của bộ mã hoá gần nhất với đầu ra của nó tại “%1”:</translation>
    </message>
    <message>
        <source>Similarity</source>
        <translation>Độ tương đồng</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Dòng</translation>
    </message>
    <message>
        <source>(×%1)</source>
        <translation>(×%1)</translation>
    </message>
    <message>
        <source>Whose states are compared: the encoder&apos;s and decoder&apos;s outputs, or one layer&apos;s of both (lower layers are closer to the pieces themselves, higher ones to their context)</source>
        <translation>So sánh trạng thái nào: đầu ra của bộ mã hoá và bộ giải mã, hay đầu ra của một lớp ở cả hai (các lớp thấp gần với chính các mảnh hơn, các lớp cao gần với ngữ cảnh của chúng hơn)</translation>
    </message>
    <message>
        <source>States:</source>
        <translation>Trạng thái:</translation>
    </message>
    <message>
        <source>the outputs</source>
        <translation>các đầu ra</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>lớp %1</translation>
    </message>
    <message>
        <source>Where decoder layer %2 was in the state closest to the one that wrote “%1”:</source>
        <translation>Nơi lớp %2 của bộ giải mã ở trạng thái gần nhất với trạng thái đã viết ra “%1”:</translation>
    </message>
    <message>
        <source>Where encoder layer %2&apos;s output was closest to its output at “%1”:</source>
        <translation>Nơi đầu ra của lớp %2 của bộ mã hoá gần nhất với đầu ra của nó tại “%1”:</translation>
    </message>
</context>
<context>
    <name>studio::ui::PatchingPanel</name>
    <message>
        <source>embeddings</source>
        <translation>embedding</translation>
    </message>
    <message>
        <source>layer %1 · self-attention</source>
        <translation>lớp %1 · self-attention</translation>
    </message>
    <message>
        <source>layer %1 · cross-attention</source>
        <translation>lớp %1 · cross-attention</translation>
    </message>
    <message>
        <source>layer %1 · feed-forward</source>
        <translation>lớp %1 · feed-forward</translation>
    </message>
    <message>
        <source>layer %1 · output</source>
        <translation>lớp %1 · đầu ra</translation>
    </message>
    <message>
        <source>the sentence with one word changed</source>
        <translation>câu với một từ được đổi</translation>
    </message>
    <message>
        <source>The sentence with a word changed for another of as many pieces; write &lt;unk&gt; for each piece of a word to blank it</source>
        <translation>Câu với một từ được đổi thành từ khác có cùng số mảnh; viết &lt;unk&gt; cho mỗi mảnh của một từ để xoá trắng nó</translation>
    </message>
    <message>
        <source>Patch</source>
        <translation>Vá</translation>
    </message>
    <message>
        <source>Save numbers…</source>
        <translation>Lưu số liệu…</translation>
    </message>
    <message>
        <source>Every patched reading&apos;s log-probabilities and what each state gives back, as JSON</source>
        <translation>Log-xác suất của mọi lần đọc đã vá và phần mỗi trạng thái mang lại, dưới dạng JSON</translation>
    </message>
    <message>
        <source>Changed sentence</source>
        <translation>Câu đã đổi</translation>
    </message>
    <message>
        <source>or blank</source>
        <translation>hoặc xoá trắng</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>Đo</translation>
    </message>
    <message>
        <source>Patching reads the sentence again with a word changed, then puts back one state of the first reading at a time: the maps show how much of the translation each state brings back (1 = all of it, 0 = nothing).</source>
        <translation>Vá trạng thái đọc lại câu với một từ bị đổi, rồi lần lượt đặt lại từng trạng thái của lần đọc đầu: các bản đồ cho thấy mỗi trạng thái mang lại được bao nhiêu phần của bản dịch (1 = toàn bộ, 0 = không gì).</translation>
    </message>
    <message>
        <source>source piece (all: every piece at once)</source>
        <translation>mảnh nguồn (tất cả: mọi mảnh cùng lúc)</translation>
    </message>
    <message>
        <source>encoder state</source>
        <translation>trạng thái bộ mã hoá</translation>
    </message>
    <message>
        <source>share brought back</source>
        <translation>phần mang lại</translation>
    </message>
    <message>
        <source>state</source>
        <translation>trạng thái</translation>
    </message>
    <message>
        <source>piece</source>
        <translation>mảnh</translation>
    </message>
    <message>
        <source>the position that writes this piece (all: every position at once)</source>
        <translation>vị trí viết ra mảnh này (tất cả: mọi vị trí cùng lúc)</translation>
    </message>
    <message>
        <source>decoder state</source>
        <translation>trạng thái bộ giải mã</translation>
    </message>
    <message>
        <source>position</source>
        <translation>vị trí</translation>
    </message>
    <message>
        <source>Hover over a cell to read how much of the change its state brings back.</source>
        <translation>Rê chuột lên một ô để đọc trạng thái của nó mang lại bao nhiêu phần thay đổi.</translation>
    </message>
    <message>
        <source>Patch a sentence first.</source>
        <translation>Hãy vá một câu trước.</translation>
    </message>
    <message>
        <source>Save the patching&apos;s numbers</source>
        <translation>Lưu số liệu của lần vá</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Could not write &apos;%1&apos;.</source>
        <translation>Không ghi được &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Could not patch: %1</source>
        <translation>Không vá được: %1</translation>
    </message>
    <message>
        <source>no word</source>
        <translation>không từ nào</translation>
    </message>
    <message>
        <source>Change a word of the sentence (for one of as many pieces), or choose a word to blank.</source>
        <translation>Hãy đổi một từ của câu (thành từ có cùng số mảnh), hoặc chọn một từ để xoá trắng.</translation>
    </message>
    <message>
        <source>Patching…</source>
        <translation>Đang vá…</translation>
    </message>
    <message>
        <source>the whole translation</source>
        <translation>toàn bộ bản dịch</translation>
    </message>
    <message>
        <source>piece %1: %2</source>
        <translation>mảnh %1: %2</translation>
    </message>
    <message>
        <source>all</source>
        <translation>tất cả</translation>
    </message>
    <message>
        <source>the translation</source>
        <translation>bản dịch</translation>
    </message>
    <message>
        <source>“%1” (piece %2)</source>
        <translation>“%1” (mảnh %2)</translation>
    </message>
    <message>
        <source>“%1” → “%2”; changed, “%3” → “%4”; log P of %5: %6 as read, %7 with the change.</source>
        <translation>“%1” → “%2”; khi đổi, “%3” → “%4”; log P của %5: %6 khi đọc nguyên câu, %7 khi có thay đổi.</translation>
    </message>
    <message>
        <source>The change does not move it: there is nothing for a state to bring back (the cells are hatched).</source>
        <translation>Thay đổi không làm nó xê dịch: không có gì để một trạng thái mang lại (các ô được gạch chéo).</translation>
    </message>
    <message>
        <source>Each cell: how much of that difference the state brings back when it is put back.</source>
        <translation>Mỗi ô: trạng thái mang lại bao nhiêu phần của khoảng chênh lệch đó khi được đặt lại.</translation>
    </message>
    <message>
        <source>Encoder</source>
        <translation>Bộ mã hoá</translation>
    </message>
    <message>
        <source>Decoder</source>
        <translation>Bộ giải mã</translation>
    </message>
    <message>
        <source>%1 · head %2</source>
        <translation>%1 · đầu %2</translation>
    </message>
    <message>
        <source>Each head</source>
        <translation>Từng đầu</translation>
    </message>
    <message>
        <source>A row for each attention head too: its output before the output projection mixes the heads</source>
        <translation>Thêm một hàng cho mỗi đầu attention: đầu ra của nó trước khi phép chiếu đầu ra trộn các đầu lại</translation>
    </message>
    <message>
        <source>Put the sentence&apos;s states into the changed reading</source>
        <translation>Đặt trạng thái của câu vào lần đọc đã đổi</translation>
    </message>
    <message>
        <source>Put the changed reading&apos;s states into the sentence</source>
        <translation>Đặt trạng thái của lần đọc đã đổi vào câu</translation>
    </message>
    <message>
        <source>The first shows what each state is enough to bring back; the second (noising) what each state takes away on its own, that is, where the change does its harm</source>
        <translation>Cách thứ nhất cho thấy mỗi trạng thái đủ để mang lại bao nhiêu; cách thứ hai (noising) cho thấy riêng mỗi trạng thái lấy đi bao nhiêu, tức là thay đổi gây hại ở đâu</translation>
    </message>
    <message>
        <source>Each cell: how much of that difference the state of the changed reading takes away when it is put into the sentence&apos;s pass.</source>
        <translation>Mỗi ô: trạng thái của lần đọc đã đổi lấy đi bao nhiêu phần chênh lệch đó khi được đặt vào lượt đọc câu.</translation>
    </message>
    <message>
        <source>share taken away</source>
        <translation>phần bị lấy đi</translation>
    </message>
    <message>
        <source>Hover over a cell to read how much of the change its state takes away.</source>
        <translation>Rê chuột lên một ô để đọc trạng thái của nó lấy đi bao nhiêu phần thay đổi.</translation>
    </message>
    <message>
        <source>this sentence</source>
        <translation>câu này</translation>
    </message>
    <message>
        <source>the dev sentences, summed up</source>
        <translation>các câu dev, tổng hợp</translation>
    </message>
    <message>
        <source>How many of the run&apos;s dev sentences to sum up (each word of each is blanked in turn: about a second a sentence of the starter on 2 cores, more with each head)</source>
        <translation>Tổng hợp bao nhiêu câu dev của lần huấn luyện (từng từ của mỗi câu lần lượt bị xóa trắng: khoảng một giây một câu với mô hình khởi đầu trên 2 lõi, lâu hơn khi có từng đầu)</translation>
    </message>
    <message>
        <source>Sum up</source>
        <translation>Tổng hợp</translation>
    </message>
    <message>
        <source>Blank every word of the run&apos;s first dev sentences in turn and average what each state gives back: where the model keeps what a word brings</source>
        <translation>Lần lượt xóa trắng từng từ của các câu dev đầu tiên của lần huấn luyện và lấy trung bình phần mỗi trạng thái mang lại: mô hình giữ điều một từ mang đến ở đâu</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Dừng</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Hiển thị</translation>
    </message>
    <message>
        <source>The run&apos;s first</source>
        <translation>Lấy</translation>
    </message>
    <message>
        <source>dev sentences</source>
        <translation>câu dev đầu tiên của lần huấn luyện</translation>
    </message>
    <message>
        <source>Patching the dev sentences, every word blanked in turn: %1 of %2…</source>
        <translation>Đang vá các câu dev, từng từ lần lượt bị xóa trắng: %1 trên %2…</translation>
    </message>
    <message>
        <source>Could not sum up: %1</source>
        <translation>Không tổng hợp được: %1</translation>
    </message>
    <message>
        <source>Patching the dev sentences, every word blanked in turn…</source>
        <translation>Đang vá các câu dev, từng từ lần lượt bị xóa trắng…</translation>
    </message>
    <message>
        <source>best</source>
        <translation>tốt nhất</translation>
    </message>
    <message>
        <source>at the word</source>
        <translation>tại từ</translation>
    </message>
    <message numerus="yes">
        <source>%n dev sentence(s) of %1</source>
        <translation>
            <numerusform>%n câu dev của %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n word(s) blanked one at a time</source>
        <translation>
            <numerusform>%n từ lần lượt bị xóa trắng</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n more left out: blanking them moved the translation&apos;s log-probability by less than 0.001)</source>
        <translation>
            <numerusform>(thêm %n từ bị bỏ qua: xóa trắng chúng làm log-xác suất của bản dịch thay đổi ít hơn 0,001)</numerusform>
        </translation>
    </message>
    <message>
        <source>stopped after %1 s.</source>
        <translation>đã dừng sau %1 giây.</translation>
    </message>
    <message>
        <source>%1 s.</source>
        <translation>%1 giây.</translation>
    </message>
    <message>
        <source>No blanked word moved its translation enough to measure: there is nothing to average.</source>
        <translation>Không từ bị xóa trắng nào làm bản dịch thay đổi đủ để đo: không có gì để lấy trung bình.</translation>
    </message>
    <message>
        <source>Each cell: what the state takes away on average</source>
        <translation>Mỗi ô: phần trạng thái lấy đi, trung bình</translation>
    </message>
    <message>
        <source>Each cell: what the state gives back on average</source>
        <translation>Mỗi ô: phần trạng thái mang lại, trung bình</translation>
    </message>
    <message>
        <source>all: every position at once; best: its one position that does the most; at the word: the best of the blanked word&apos;s own pieces.</source>
        <translation>tất cả: mọi vị trí cùng lúc; tốt nhất: vị trí duy nhất của nó tác động nhiều nhất; tại từ: tốt nhất trong các mảnh của chính từ bị xóa trắng.</translation>
    </message>
    <message>
        <source>mean share taken away</source>
        <translation>phần bị lấy đi trung bình</translation>
    </message>
    <message>
        <source>mean share brought back</source>
        <translation>phần mang lại trung bình</translation>
    </message>
    <message>
        <source>positions put back</source>
        <translation>các vị trí được đặt lại</translation>
    </message>
    <message>
        <source>measure</source>
        <translation>số đo</translation>
    </message>
    <message>
        <source>Estimate by gradients</source>
        <translation>Ước lượng bằng gradient</translation>
    </message>
    <message>
        <source>Attribution patching: every number estimated at once from the gradients, to first order (tens of times faster; off where the model is far from linear between the two states)</source>
        <translation>Attribution patching: mọi con số được ước lượng cùng lúc từ gradient, theo bậc một (nhanh hơn hàng chục lần; sai lệch khi mô hình khác xa tuyến tính giữa hai trạng thái)</translation>
    </message>
    <message>
        <source>Estimated by gradients (attribution patching), not measured.</source>
        <translation>Ước lượng bằng gradient (attribution patching), không phải đo.</translation>
    </message>
</context>
<context>
    <name>studio::ui::QueryKeyView</name>
    <message>
        <source>q, then each key k</source>
        <translation>q, rồi từng khoá k</translation>
    </message>
    <message>
        <source>q × k, dimension by dimension</source>
        <translation>q × k, theo từng chiều</translation>
    </message>
    <message>
        <source>q · k / √%1</source>
        <translation>q · k / √%1</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>trọng số</translation>
    </message>
    <message>
        <source>q: %1</source>
        <translation>q: %1</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>bị che</translation>
    </message>
    <message>
        <source>The query of %1</source>
        <translation>Truy vấn của %1</translation>
    </message>
    <message>
        <source>q[%1] = %2</source>
        <translation>q[%1] = %2</translation>
    </message>
    <message>
        <source>%1, dimension %2: k = %3 (q = %4)</source>
        <translation>%1, chiều %2: k = %3 (q = %4)</translation>
    </message>
    <message>
        <source>%1, dimension %2: q × k = %3 × %4 = %5; the %6 products sum to q · k = %7</source>
        <translation>%1, chiều %2: q × k = %3 × %4 = %5; tổng của %6 tích là q · k = %7</translation>
    </message>
    <message>
        <source>q · k = %1, times 1/√%2: %3</source>
        <translation>q · k = %1, nhân 1/√%2: %3</translation>
    </message>
    <message>
        <source>Masked: this query may not see %1; it gets no weight</source>
        <translation>Bị che: truy vấn này không được thấy %1; nó không nhận trọng số</translation>
    </message>
    <message>
        <source>weight %1 (the map&apos;s: %2)</source>
        <translation>trọng số %1 (của bản đồ: %2)</translation>
    </message>
    <message>
        <source>Key %1: %2</source>
        <translation>Khoá %1: %2</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>Truy vấn</translation>
    </message>
    <message>
        <source>The row of the map to take apart: its query against every key</source>
        <translation>Hàng của bản đồ cần mổ xẻ: truy vấn của nó so với từng khoá</translation>
    </message>
    <message>
        <source>Query:</source>
        <translation>Truy vấn:</translation>
    </message>
    <message>
        <source>Show head 1</source>
        <translation>Xem đầu 1</translation>
    </message>
    <message>
        <source>Export the query and keys as %1</source>
        <translation>Xuất truy vấn và các khoá dạng %1</translation>
    </message>
    <message>
        <source>Every number drawn: the query, each key, their products, scores and weights</source>
        <translation>Mọi con số được vẽ: truy vấn, từng khoá, các tích, điểm và trọng số của chúng</translation>
    </message>
    <message>
        <source>The picture as %1</source>
        <translation>Hình dạng %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Capture a sentence: each weight of the map chosen above will be taken apart here, its query against every key.</source>
        <translation>Hãy ghi lại một câu: mỗi trọng số của bản đồ chọn ở trên sẽ được mổ xẻ ở đây, truy vấn của nó so với từng khoá.</translation>
    </message>
    <message>
        <source>The timelapse&apos;s frames keep the weights alone (a run&apos;s probe records have no queries and keys). Capture the sentence to see how its weights are made.</source>
        <translation>Các khung hình tua nhanh chỉ giữ trọng số (bản ghi thăm dò của một lượt huấn luyện không có truy vấn và khoá). Hãy ghi lại câu để xem các trọng số của nó được tạo ra thế nào.</translation>
    </message>
    <message>
        <source>The mean over heads is not made from one query and one key: choose a head above.</source>
        <translation>Trung bình các đầu không được tạo từ một truy vấn và một khoá: hãy chọn một đầu ở trên.</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; (query %2 of %3) in %4, layer %5, head %6. The query q is this position&apos;s vector times the head&apos;s learnt query projection, plus its bias; each key k the same with the key projection, from %7. A key&apos;s score is q · k / √%8: the products of the %8 dimensions, summed and scaled. The weights are the softmax of the scores over the %n key(s) this query may see (masked keys, hatched, are left out); recomputed here from the vectors, they match the map&apos;s to within %9.%10</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; (truy vấn %2 / %3) trong %4, lớp %5, đầu %6. Truy vấn q là véc-tơ của vị trí này nhân với phép chiếu truy vấn đã học của đầu, cộng độ lệch; mỗi khoá k cũng vậy với phép chiếu khoá, từ %7. Điểm của một khoá là q · k / √%8: tích của %8 chiều, cộng lại rồi co giãn. Trọng số là softmax của các điểm trên %n khoá mà truy vấn này được thấy (các khoá bị che, gạch chéo, bị bỏ ra); tính lại ở đây từ các véc-tơ, chúng khớp với bản đồ trong phạm vi %9.%10</numerusform>
        </translation>
    </message>
    <message>
        <source>the encoder&apos;s output</source>
        <translation>đầu ra của bộ mã hoá</translation>
    </message>
    <message>
        <source>the same layer&apos;s positions</source>
        <translation>các vị trí của chính lớp này</translation>
    </message>
    <message>
        <source> (A decoder row is the step that has just read its piece and predicts the next one.)</source>
        <translation> (Một hàng của bộ giải mã là bước vừa đọc mảnh của nó và dự đoán mảnh tiếp theo.)</translation>
    </message>
    <message>
        <source>Query and keys of %1</source>
        <translation>Truy vấn và các khoá của %1</translation>
    </message>
    <message>
        <source>Nothing to export: capture a sentence and choose a head.</source>
        <translation>Không có gì để xuất: hãy ghi lại một câu và chọn một đầu.</translation>
    </message>
    <message>
        <source>Export as %1</source>
        <translation>Xuất dạng %1</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>Tệp %1 (*.%2)</translation>
    </message>
    <message>
        <source>Cannot write &apos;%1&apos;.</source>
        <translation>Không ghi được &apos;%1&apos;.</translation>
    </message>
</context>
<context>
    <name>studio::ui::RoleThresholdsDialog</name>
    <message>
        <source>Thresholds of the head roles</source>
        <translation>Ngưỡng của vai trò các đầu</translation>
    </message>
    <message>
        <source>The least share of a head&apos;s attention on the end token to call it a sink</source>
        <translation>Tỉ lệ attention tối thiểu của một đầu trên token kết thúc để gọi nó là bể hút</translation>
    </message>
    <message>
        <source>The least weight on the key just before (or after) to call a head previous (next) token</source>
        <translation>Trọng số tối thiểu trên khoá ngay trước (hoặc ngay sau) để gọi một đầu là token trước (token sau)</translation>
    </message>
    <message>
        <source>The least weight on its own position to call a head same token</source>
        <translation>Trọng số tối thiểu trên vị trí của chính nó để gọi một đầu là chính token đó</translation>
    </message>
    <message>
        <source>Cross-attention: the least weight within one key of the scaled diagonal</source>
        <translation>Cross-attention: trọng số tối thiểu trong phạm vi một khoá quanh đường chéo đã co giãn</translation>
    </message>
    <message>
        <source>The least weight on punctuation (or on pieces of rare words)</source>
        <translation>Trọng số tối thiểu trên dấu câu (hoặc trên các mảnh của từ hiếm)</translation>
    </message>
    <message>
        <source>How many times their share of the keys that weight must be (1 = no more than chance)</source>
        <translation>Trọng số đó phải gấp bao nhiêu lần tỉ lệ của chúng trong các khoá (1 = không hơn ngẫu nhiên)</translation>
    </message>
    <message>
        <source>The least entropy, as a share of the most possible, to call a head broad</source>
        <translation>Entropy tối thiểu, tính theo tỉ lệ của mức cao nhất có thể, để gọi một đầu là dàn trải</translation>
    </message>
    <message>
        <source>Switching a head off moves dev BLEU by less than this (points) to call it dead</source>
        <translation>Tắt một đầu làm BLEU dev thay đổi ít hơn mức này (điểm) thì gọi nó là chết</translation>
    </message>
    <message>
        <source>… and the reference loss by less than this share of itself (percent)</source>
        <translation>… và hàm mất mát tham chiếu thay đổi ít hơn tỉ lệ này của chính nó (phần trăm)</translation>
    </message>
    <message>
        <source>Sink: weight on the end token ≥</source>
        <translation>Bể hút: trọng số trên token kết thúc ≥</translation>
    </message>
    <message>
        <source>Previous / next token: weight ≥</source>
        <translation>Token trước / sau: trọng số ≥</translation>
    </message>
    <message>
        <source>Same token: weight ≥</source>
        <translation>Chính token đó: trọng số ≥</translation>
    </message>
    <message>
        <source>Diagonal alignment: weight ≥</source>
        <translation>Gióng hàng chéo: trọng số ≥</translation>
    </message>
    <message>
        <source>Punctuation / rare words: weight ≥</source>
        <translation>Dấu câu / từ hiếm: trọng số ≥</translation>
    </message>
    <message>
        <source>… and × their share of the keys ≥</source>
        <translation>… và × tỉ lệ của chúng trong các khoá ≥</translation>
    </message>
    <message>
        <source>Broad: entropy ≥ (share of the most)</source>
        <translation>Dàn trải: entropy ≥ (tỉ lệ của mức cao nhất)</translation>
    </message>
    <message>
        <source>Dead: BLEU moves less than</source>
        <translation>Chết: BLEU thay đổi ít hơn</translation>
    </message>
    <message>
        <source>… and the loss less than (%)</source>
        <translation>… và hàm mất mát ít hơn (%)</translation>
    </message>
    <message>
        <source>The first rule that holds names a head&apos;s role at each step, in the order listed.</source>
        <translation>Quy tắc đầu tiên đúng, theo thứ tự liệt kê, đặt tên vai trò của một đầu ở mỗi bước.</translation>
    </message>
</context>
<context>
    <name>studio::ui::RunComparisonPanel</name>
    <message>
        <source>Add a run…</source>
        <translation>Thêm lượt chạy…</translation>
    </message>
    <message>
        <source>Draw another run&apos;s curves on these charts and compare its settings</source>
        <translation>Vẽ các đường của một lượt chạy khác lên các biểu đồ này và so sánh thiết lập của nó</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Bỏ</translation>
    </message>
    <message>
        <source>Take the selected run out of the comparison</source>
        <translation>Bỏ lượt chạy đã chọn khỏi phần so sánh</translation>
    </message>
    <message>
        <source>Only the settings that differ</source>
        <translation>Chỉ các thiết lập khác nhau</translation>
    </message>
    <message>
        <source>Settings of the compared runs</source>
        <translation>Thiết lập của các lượt chạy được so sánh</translation>
    </message>
    <message>
        <source>Compare with a run folder</source>
        <translation>So sánh với một thư mục lượt chạy</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 (this run)</source>
        <translation>%1 (lượt chạy này)</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(không có)</translation>
    </message>
    <message>
        <source>Test on the test split</source>
        <translation>Kiểm tra trên tập kiểm tra</translation>
    </message>
    <message>
        <source>Testing: %1 (%2 of %3 lines)…</source>
        <translation>Đang kiểm tra: %1 (%2 trên %3 dòng)…</translation>
    </message>
    <message>
        <source>Not tested: %1</source>
        <translation>Chưa kiểm tra: %1</translation>
    </message>
    <message>
        <source>Stopping after the lines being translated…</source>
        <translation>Sẽ dừng sau các dòng đang dịch…</translation>
    </message>
    <message>
        <source>Stop testing</source>
        <translation>Dừng kiểm tra</translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation>Đang kiểm tra…</translation>
    </message>
    <message>
        <source> Stopped: the runs left untested show —.</source>
        <translation> Đã dừng: các lượt chạy chưa kiểm tra hiện —.</translation>
    </message>
    <message>
        <source>test BLEU ± 95%</source>
        <translation>BLEU kiểm tra ± 95%</translation>
    </message>
    <message>
        <source>test chrF</source>
        <translation>chrF kiểm tra</translation>
    </message>
    <message>
        <source>BLEU differs from this run?</source>
        <translation>BLEU khác lượt chạy này?</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>not tested</source>
        <translation>chưa kiểm tra</translation>
    </message>
    <message>
        <source>Tested on the %1 lines of %2 (beam %3, each run&apos;s best.pt).%4</source>
        <translation>Đã kiểm tra trên %1 dòng của %2 (chùm %3, best.pt của từng lượt chạy).%4</translation>
    </message>
    <message>
        <source>BLEU of each run&apos;s best.pt on this run&apos;s test split, and half the width of its 95% confidence interval (bootstrap resampling, as sacreBLEU&apos;s --confidence)</source>
        <translation>BLEU của best.pt của từng lượt chạy trên tập kiểm tra của lượt chạy này, và nửa độ rộng khoảng tin cậy 95% của nó (lấy mẫu lại bootstrap, như --confidence của sacreBLEU)</translation>
    </message>
    <message>
        <source>chrF of each run&apos;s best.pt on this run&apos;s test split</source>
        <translation>chrF của best.pt của từng lượt chạy trên tập kiểm tra của lượt chạy này</translation>
    </message>
    <message>
        <source>Does the run&apos;s BLEU differ from this run&apos;s by more than chance? Paired bootstrap resampling (as sacreBLEU&apos;s --paired-bs): p is about how often a difference this large would come from chance if the two runs translated alike; below 0.05 the difference is real.</source>
        <translation>BLEU của lượt chạy có khác BLEU của lượt chạy này nhiều hơn mức ngẫu nhiên không? Lấy mẫu lại bootstrap theo cặp (như --paired-bs của sacreBLEU): p xấp xỉ tần suất một chênh lệch lớn như thế xuất hiện do ngẫu nhiên nếu hai lượt chạy dịch như nhau; dưới 0,05 thì chênh lệch là thật.</translation>
    </message>
    <message>
        <source>All together: the runs&apos; best models translating as one ensemble.</source>
        <translation>Tất cả cùng nhau: các mô hình tốt nhất của các lượt chạy cùng dịch như một tổ hợp.</translation>
    </message>
    <message>
        <source>Not tested together: %1</source>
        <translation>Không kiểm tra cùng nhau: %1</translation>
    </message>
    <message>
        <source>Every run&apos;s best.pt translating together: at each step the mean of their probabilities (an ensemble)</source>
        <translation>best.pt của mọi lượt chạy cùng dịch: ở mỗi bước lấy trung bình xác suất của chúng (một tổ hợp)</translation>
    </message>
    <message>
        <source>All together</source>
        <translation>Tất cả cùng nhau</translation>
    </message>
    <message>
        <source>The runs&apos; best models translating together, an ensemble: at each step the mean of their probabilities</source>
        <translation>Các mô hình tốt nhất của các lượt chạy cùng dịch, một tổ hợp: ở mỗi bước lấy trung bình xác suất của chúng</translation>
    </message>
    <message>
        <source>test BLEU: %1</source>
        <translation>BLEU trên test: %1</translation>
    </message>
    <message>
        <source>BLEU of each run&apos;s best.pt on the test lines that came from %1 alone (the data folder was prepared from several corpora)</source>
        <translation>BLEU của best.pt của mỗi lần chạy chỉ trên các dòng test đến từ %1 (thư mục dữ liệu được chuẩn bị từ nhiều kho ngữ liệu)</translation>
    </message>
    <message>
        <source>seconds to translate it</source>
        <translation>số giây để dịch nó</translation>
    </message>
    <message>
        <source>How long each run&apos;s best.pt took to translate this run&apos;s test split here, on this computer (loading not counted): a smaller model, such as a distilled student, is faster. Other work running meanwhile slows it.</source>
        <translation>Thời gian best.pt của mỗi lượt chạy cần để dịch tập test của lượt chạy này, trên máy tính này (không tính lúc nạp): một mô hình nhỏ hơn, như một học trò được chưng cất, chạy nhanh hơn. Công việc khác chạy cùng lúc sẽ làm nó chậm lại.</translation>
    </message>
    <message>
        <source>test TER (lower is better)</source>
        <translation>TER trên tập test (càng thấp càng tốt)</translation>
    </message>
    <message>
        <source>TER of each run&apos;s best.pt on this run&apos;s test split: the word edits (and shifts of word blocks) that would turn its translations into the references, per reference word, in percent, as sacreBLEU counts them</source>
        <translation>TER của best.pt mỗi lượt chạy trên tập test của lượt chạy này: số lần sửa từ (và dời khối từ) cần để biến bản dịch của nó thành bản tham chiếu, tính trên mỗi từ tham chiếu, theo phần trăm, như sacreBLEU đếm</translation>
    </message>
    <message>
        <source>Translate this run&apos;s test split with its best model (beam 4, as evaluate does): BLEU with its 95% interval, chrF, TER; with runs added, with each run&apos;s too, saying whether each run&apos;s BLEU differs from this run&apos;s by more than chance</source>
        <translation>Dịch tập kiểm tra của lượt chạy này bằng mô hình tốt nhất của nó (chùm 4, như evaluate): BLEU kèm khoảng tin cậy 95%, chrF, TER; khi đã thêm các lượt chạy khác thì dịch bằng mô hình của từng lượt, cho biết BLEU của mỗi lượt có khác BLEU của lượt này nhiều hơn mức ngẫu nhiên hay không</translation>
    </message>
    <message>
        <source>minimal pairs passed</source>
        <translation>cặp tối thiểu vượt qua</translation>
    </message>
    <message>
        <source>minimal pairs differ from this run?</source>
        <translation>cặp tối thiểu khác lần chạy này?</translation>
    </message>
    <message>
        <source>Minimal pairs made of this run&apos;s test split: each reference beside a copy with one thing made wrong (a negation, a number, is/are, a copied name). The share in which each run&apos;s best.pt finds the right translation the likelier; hover for each kind (the explorer&apos;s Minimal pairs tab lists them).</source>
        <translation>Các cặp tối thiểu tạo từ tập kiểm tra của lần chạy này: mỗi bản dịch tham chiếu bên cạnh một bản sao bị làm sai một chỗ (phủ định, con số, is/are, một tên chép nguyên). Tỉ lệ cặp mà best.pt của mỗi lần chạy thấy bản dịch đúng có khả năng cao hơn; di chuột để xem từng loại (thẻ Cặp tối thiểu của trình khám phá liệt kê chúng).</translation>
    </message>
    <message>
        <source>Does the run pass other minimal pairs than this run by more than chance? McNemar&apos;s exact test of the pairs one of the two passed alone; below 0.05 the difference is real.</source>
        <translation>Lần chạy có vượt qua những cặp tối thiểu khác với lần chạy này nhiều hơn mức ngẫu nhiên không? Kiểm định chính xác McNemar trên các cặp chỉ một trong hai vượt qua; dưới 0,05 thì khác biệt là thật.</translation>
    </message>
</context>
<context>
    <name>studio::ui::RunFinishedPanel</name>
    <message>
        <source>Translate with it</source>
        <translation>Dịch bằng mô hình này</translation>
    </message>
    <message>
        <source>Opens Translate with this run&apos;s best checkpoint</source>
        <translation>Mở Dịch với điểm lưu tốt nhất của lượt huấn luyện này</translation>
    </message>
    <message>
        <source>Look inside it</source>
        <translation>Nhìn vào bên trong</translation>
    </message>
    <message>
        <source>Opens Attention: a probe sentence&apos;s attention now, and how it formed while the run trained (the timelapse and Heads over training)</source>
        <translation>Mở Chú ý: sự chú ý của một câu thăm dò lúc này, và nó đã hình thành thế nào trong lúc huấn luyện (tua nhanh và Các đầu qua quá trình huấn luyện)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Đóng</translation>
    </message>
    <message>
        <source>&lt;b&gt;Stopped at step %1: its translator is saved.&lt;/b&gt;</source>
        <translation>&lt;b&gt;Đã dừng ở bước %1: bộ dịch của nó đã được lưu.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Your translator is ready&lt;/b&gt; (step %1).</source>
        <translation>&lt;b&gt;Bộ dịch của bạn đã sẵn sàng&lt;/b&gt; (bước %1).</translation>
    </message>
    <message>
        <source>Its best dev BLEU is %1.</source>
        <translation>BLEU tốt nhất trên tập dev là %1.</translation>
    </message>
    <message>
        <source>Type Vietnamese in Translate, or look inside it in Attention: how its attention formed while it trained is recorded there.</source>
        <translation>Hãy gõ tiếng Việt trong Dịch, hoặc nhìn vào bên trong nó trong Chú ý: sự chú ý của nó đã hình thành thế nào trong lúc huấn luyện được ghi lại ở đó.</translation>
    </message>
    <message>
        <source>Train a smaller student from it</source>
        <translation>Huấn luyện một mô hình học trò nhỏ hơn từ nó</translation>
    </message>
    <message>
        <source>Sets Training up for a smaller, faster model that learns this one&apos;s translations of the training sentences (distillation): Learn from names it as the teacher</source>
        <translation>Chuẩn bị Huấn luyện cho một mô hình nhỏ hơn, nhanh hơn, học các bản dịch câu huấn luyện của mô hình này (chưng cất): Học từ ghi nó là mô hình thầy</translation>
    </message>
    <message>
        <source>Its best checkpoint, of step %1, scores a dev BLEU of %2 on all %3 dev sentences.</source>
        <translation>Checkpoint tốt nhất của nó, ở bước %1, đạt BLEU dev %2 trên toàn bộ %3 câu dev.</translation>
    </message>
    <message>
        <source>On the dev split of the data it learnt before, its BLEU went from %1 (step %2) to %3 (the best checkpoint&apos;s, step %4): what fine-tuning cost it there, or gained.</source>
        <translation>Trên tập dev của dữ liệu nó đã học trước đó, BLEU của nó đi từ %1 (bước %2) đến %3 (của checkpoint tốt nhất, bước %4): điều mà việc tinh chỉnh đã làm nó mất đi ở đó, hoặc thu được.</translation>
    </message>
    <message numerus="yes">
        <source>At that step&apos;s evaluation, %1 of your %n correction(s) came out as you wrote them.</source>
        <translation>
            <numerusform>Ở lần đánh giá của bước đó, %1 trong số %n bản sửa của bạn được dịch đúng như bạn đã viết.</numerusform>
        </translation>
    </message>
    <message>
        <source>Its best BLEU on your corrections is %1.</source>
        <translation>BLEU tốt nhất của nó trên các bản sửa của bạn là %1.</translation>
    </message>
    <message>
        <source>Back-translate with it</source>
        <translation>Dịch ngược bằng nó</translation>
    </message>
    <message>
        <source>More pairs from English text: this English → Vietnamese model translates English text into more training pairs for the translator</source>
        <translation>Thêm cặp câu từ văn bản tiếng Anh: mô hình Anh → Việt này dịch văn bản tiếng Anh thành thêm cặp huấn luyện cho mô hình dịch</translation>
    </message>
    <message>
        <source>It translates English to Vietnamese: back-translate English text with it (More pairs from English text) for more training pairs of the translator.</source>
        <translation>Nó dịch tiếng Anh sang tiếng Việt: hãy dùng nó để dịch ngược văn bản tiếng Anh (Thêm cặp câu từ văn bản tiếng Anh) để có thêm cặp huấn luyện cho mô hình dịch.</translation>
    </message>
</context>
<context>
    <name>studio::ui::SmallAndFastDialog</name>
    <message>
        <source>Make it small and fast</source>
        <translation>Làm cho nhỏ và nhanh</translation>
    </message>
    <message>
        <source>How many dev sentences each way translates</source>
        <translation>Số câu dev mỗi cách dịch</translation>
    </message>
    <message>
        <source>Dev sentences</source>
        <translation>Câu dev</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Chọn…</translation>
    </message>
    <message>
        <source>Choose a shortlist</source>
        <translation>Chọn danh sách rút gọn</translation>
    </message>
    <message>
        <source>Shortlists (*.txt);;All files (*)</source>
        <translation>Danh sách rút gọn (*.txt);;Mọi tệp (*)</translation>
    </message>
    <message>
        <source>Shortlist</source>
        <translation>Danh sách rút gọn</translation>
    </message>
    <message>
        <source>Rank the heads first (each head off in turn: as many translations of the sentences as heads)</source>
        <translation>Xếp hạng các đầu trước (tắt lần lượt từng đầu: số lần dịch các câu bằng số đầu)</translation>
    </message>
    <message>
        <source>Pruned heads</source>
        <translation>Đầu bị cắt bỏ</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>Đo</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Dừng</translation>
    </message>
    <message>
        <source>BLEU against speed, one point a way</source>
        <translation>BLEU theo tốc độ, mỗi cách một điểm</translation>
    </message>
    <message>
        <source>sentences per second on this computer</source>
        <translation>số câu mỗi giây trên máy này</translation>
    </message>
    <message>
        <source>BLEU on the dev sentences</source>
        <translation>BLEU trên các câu dev</translation>
    </message>
    <message>
        <source>Way</source>
        <translation>Cách chạy</translation>
    </message>
    <message>
        <source>chrF</source>
        <translation>chrF</translation>
    </message>
    <message>
        <source>As float32</source>
        <translation>Như float32</translation>
    </message>
    <message>
        <source>Sentences/s</source>
        <translation>Câu/giây</translation>
    </message>
    <message>
        <source>Pieces/s</source>
        <translation>Mảnh/giây</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Trọng số</translation>
    </message>
    <message>
        <source>Save the chosen way…</source>
        <translation>Lưu cách đã chọn…</translation>
    </message>
    <message>
        <source>A folder with the model (its heads pruned for good), its SentencePiece model, the shortlist and the same model for CTranslate2 (int8 when chosen)</source>
        <translation>Một thư mục chứa mô hình (các đầu đã bị cắt bỏ hẳn), mô hình SentencePiece, danh sách rút gọn và cùng mô hình đó cho CTranslate2 (int8 nếu đã chọn)</translation>
    </message>
    <message>
        <source>Use in Translate</source>
        <translation>Dùng trong Dịch</translation>
    </message>
    <message>
        <source>Saved to %1 (CTranslate2: %2). Translate with: %3</source>
        <translation>Đã lưu vào %1 (CTranslate2: %2). Dịch bằng: %3</translation>
    </message>
    <message>
        <source>none</source>
        <translation>không có</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Lỗi: %1</translation>
    </message>
    <message>
        <source>Save the chosen way into a folder</source>
        <translation>Lưu cách đã chọn vào một thư mục</translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation>Mô hình: %1</translation>
    </message>
    <message>
        <source>No ranking of this model&apos;s heads is saved (the Attention workspace&apos;s Rank heads saves one): without ranking them first, no ways with heads pruned.</source>
        <translation>Chưa lưu bảng xếp hạng các đầu của mô hình này (nút Xếp hạng đầu ở không gian Attention lưu một bảng): nếu không xếp hạng trước thì không có cách nào cắt bỏ đầu.</translation>
    </message>
    <message>
        <source>The heads&apos; ranking saved in %1 is used unless they are ranked again.</source>
        <translation>Dùng bảng xếp hạng các đầu đã lưu ở %1, trừ khi xếp hạng lại.</translation>
    </message>
    <message>
        <source>Measuring…</source>
        <translation>Đang đo…</translation>
    </message>
    <message>
        <source>Heads pruned: %1</source>
        <translation>Đầu bị cắt bỏ: %1</translation>
    </message>
    <message>
        <source>Sentences translated exactly as float32 translates them</source>
        <translation>Số câu được dịch y hệt như float32 dịch</translation>
    </message>
    <message>
        <source>no heads pruned (no ranking)</source>
        <translation>không cắt bỏ đầu nào (chưa xếp hạng)</translation>
    </message>
    <message>
        <source>heads ranked: %1</source>
        <translation>xếp hạng đầu: %1</translation>
    </message>
    <message>
        <source> — stopped</source>
        <translation> — đã dừng</translation>
    </message>
    <message>
        <source>Choose a way in the table first.</source>
        <translation>Hãy chọn một cách trong bảng trước.</translation>
    </message>
    <message>
        <source>Saving %1 into %2…</source>
        <translation>Đang lưu %1 vào %2…</translation>
    </message>
    <message>
        <source>heads ranked now, saved to %1</source>
        <translation>vừa xếp hạng đầu, đã lưu vào %1</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>BLEU ± 95%</source>
        <translation>BLEU ± 95%</translation>
    </message>
    <message>
        <source>BLEU differs?</source>
        <translation>BLEU khác?</translation>
    </message>
    <message>
        <source>BLEU on these sentences, and half the width of its 95% confidence interval from bootstrap resampling (1,000 resamples, as sacreBLEU&apos;s --confidence)</source>
        <translation>BLEU trên các câu này, và nửa độ rộng khoảng tin cậy 95% của nó theo lấy mẫu lại bootstrap (1.000 lần lấy mẫu, như --confidence của sacreBLEU)</translation>
    </message>
    <message>
        <source>Is this way&apos;s BLEU different from float32&apos;s by more than chance? Paired bootstrap resampling (as sacreBLEU&apos;s --paired-bs): p is about how often a difference this large would come from chance if the two ways translated alike; below 0.05 the difference is real.</source>
        <translation>BLEU của cách này có khác BLEU của float32 nhiều hơn mức ngẫu nhiên không? Lấy mẫu lại bootstrap theo cặp (như --paired-bs của sacreBLEU): p xấp xỉ tần suất một chênh lệch lớn như thế xuất hiện do ngẫu nhiên nếu hai cách dịch như nhau; dưới 0,05 thì chênh lệch là thật.</translation>
    </message>
    <message>
        <source>95% interval</source>
        <translation>khoảng 95%</translation>
    </message>
    <message>
        <source>Each way to run the model, measured on this computer on the same dev sentences: int8 weights, a vocabulary shortlist, the least important heads pruned, and the smaller students trained on its translations. Choose one and save it, with its CTranslate2 model.</source>
        <translation>Mỗi cách chạy mô hình, đo trên máy tính này với cùng các câu dev: trọng số int8, một danh sách rút gọn từ vựng, cắt bỏ các đầu chú ý ít quan trọng nhất, và các học trò nhỏ hơn được huấn luyện trên bản dịch của nó. Chọn một cách và lưu lại, kèm mô hình CTranslate2 của nó.</translation>
    </message>
    <message>
        <source>A student trained on this model&apos;s translations: %1</source>
        <translation>Một học trò được huấn luyện trên bản dịch của mô hình này: %1</translation>
    </message>
    <message>
        <source>no students (Training&apos;s Learn from trains one beside this run)</source>
        <translation>không có học trò (Học từ ở mục Huấn luyện sẽ huấn luyện một học trò bên cạnh lượt chạy này)</translation>
    </message>
    <message numerus="yes">
        <source>%n student(s) beside it</source>
        <translation>
            <numerusform>%n học trò bên cạnh nó</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 sentences of %2, beam %3; %4; %5%6</source>
        <translation>%1 câu của %2, chùm %3; %4; %5%6</translation>
    </message>
    <message>
        <source>none: no ways with a shortlist (Learn makes one)</source>
        <translation>không có: không có cách chạy nào với danh sách rút gọn (Học sẽ tạo một danh sách)</translation>
    </message>
    <message>
        <source>A vocabulary shortlist of the model&apos;s data (Learn, or attention-studio-cli shortlist)</source>
        <translation>Danh sách rút gọn từ vựng của dữ liệu mô hình (Học, hoặc attention-studio-cli shortlist)</translation>
    </message>
    <message>
        <source>Written to %1.</source>
        <translation>Đã ghi vào %1.</translation>
    </message>
</context>
<context>
    <name>studio::ui::TeacherBox</name>
    <message>
        <source>Learn from</source>
        <translation>Học từ</translation>
    </message>
    <message>
        <source>A teacher model…</source>
        <translation>Một mô hình thầy…</translation>
    </message>
    <message>
        <source>Train a smaller, faster model (a student) on a trained model&apos;s translations of the training sentences instead of people&apos;s (sequence-level distillation)</source>
        <translation>Huấn luyện một mô hình nhỏ hơn, nhanh hơn (học trò) trên bản dịch các câu huấn luyện của một mô hình đã huấn luyện thay vì của con người (chưng cất mức chuỗi)</translation>
    </message>
    <message>
        <source>Choose the teacher model</source>
        <translation>Chọn mô hình thầy</translation>
    </message>
    <message>
        <source>Models (*.pt);;All files (*)</source>
        <translation>Mô hình (*.pt);;Mọi tệp (*)</translation>
    </message>
    <message>
        <source>The corpus</source>
        <translation>Kho ngữ liệu</translation>
    </message>
    <message>
        <source>Learn the corpus&apos;s own English, as people translated it</source>
        <translation>Học tiếng Anh của chính kho ngữ liệu, như con người đã dịch</translation>
    </message>
    <message>
        <source>Distil</source>
        <translation>Chưng cất</translation>
    </message>
    <message>
        <source>Have the teacher translate the data folder&apos;s training sentences now, into the distilled data folder (Start does it when needed)</source>
        <translation>Cho mô hình thầy dịch ngay các câu huấn luyện của thư mục dữ liệu, vào thư mục dữ liệu chưng cất (Bắt đầu sẽ làm việc này khi cần)</translation>
    </message>
    <message>
        <source>&apos;%1&apos; cannot teach: %2</source>
        <translation>“%1” không thể làm mô hình thầy: %2</translation>
    </message>
    <message>
        <source>The corpus: the new model learns the English people wrote.</source>
        <translation>Kho ngữ liệu: mô hình mới học tiếng Anh do con người viết.</translation>
    </message>
    <message>
        <source>Choose the data folder the teacher translates.</source>
        <translation>Chọn thư mục dữ liệu mà mô hình thầy sẽ dịch.</translation>
    </message>
    <message>
        <source>The data folder holds a teacher&apos;s translations already: the student learns them.
%1</source>
        <translation>Thư mục dữ liệu đã chứa bản dịch của một mô hình thầy: học trò sẽ học chúng.
%1</translation>
    </message>
    <message>
        <source>Distilled data: %1
%2</source>
        <translation>Dữ liệu chưng cất: %1
%2</translation>
    </message>
    <message>
        <source>Distilled data: %1 (not made yet: Start or Distil has the teacher translate; minutes for tens of thousands of sentences)</source>
        <translation>Dữ liệu chưng cất: %1 (chưa tạo: Bắt đầu hoặc Chưng cất sẽ cho mô hình thầy dịch; vài phút cho hàng chục nghìn câu)</translation>
    </message>
    <message>
        <source>float32</source>
        <translation>float32</translation>
    </message>
    <message>
        <source>int8 (faster)</source>
        <translation>int8 (nhanh hơn)</translation>
    </message>
    <message>
        <source>The teacher&apos;s weights while it translates: int8 (one byte a weight, on the CPU&apos;s engine whatever the device) translates faster at about float32&apos;s BLEU</source>
        <translation>Trọng số của mô hình thầy khi dịch: int8 (một byte mỗi trọng số, chạy trên bộ máy của CPU bất kể thiết bị) dịch nhanh hơn với BLEU gần bằng float32</translation>
    </message>
    <message>
        <source>int8 cannot run here: %1</source>
        <translation>int8 không chạy được ở đây: %1</translation>
    </message>
    <message>
        <source>Teacher&apos;s weights:</source>
        <translation>Trọng số của thầy:</translation>
    </message>
    <message>
        <source>Teacher: %1. It translates the data folder&apos;s training sentences (beam 4, in the weights chosen below); the new model, its student, learns that English instead of people&apos;s, and a student much smaller than its teacher learns more from it than from the corpus. Dev and test stay people&apos;s; the vocabulary is the teacher&apos;s. The form holds the teacher&apos;s shape with one decoder layer (faster to translate): make it smaller as you like.</source>
        <translation>Mô hình thầy: %1. Nó dịch các câu huấn luyện của thư mục dữ liệu (chùm 4, với trọng số chọn bên dưới); mô hình mới, học trò của nó, học thứ tiếng Anh đó thay vì của con người, và một học trò nhỏ hơn nhiều so với thầy học được từ đó nhiều hơn từ kho ngữ liệu. Tập dev và test vẫn là của con người; từ vựng là của mô hình thầy. Biểu mẫu mang cấu trúc của mô hình thầy với một lớp giải mã (dịch nhanh hơn): hãy thu nhỏ tùy ý.</translation>
    </message>
</context>
<context>
    <name>studio::ui::TimelapseBar</name>
    <message>
        <source>Training timelapse:</source>
        <translation>Tua nhanh quá trình huấn luyện:</translation>
    </message>
    <message>
        <source>The attention of the run&apos;s probe sentences, recorded as it trained</source>
        <translation>Chú ý của các câu thăm dò trong lượt chạy, được ghi lại trong khi huấn luyện</translation>
    </message>
    <message>
        <source>Probe sentence</source>
        <translation>Câu thăm dò</translation>
    </message>
    <message>
        <source>Attention over</source>
        <translation>Chú ý trên</translation>
    </message>
    <message>
        <source>on the reference</source>
        <translation>trên bản dịch tham chiếu</translation>
    </message>
    <message>
        <source>on its own translation</source>
        <translation>trên bản dịch của chính mô hình</translation>
    </message>
    <message>
        <source>Teacher-forced on the probe&apos;s reference (the same grid at every step), or over the translation the model itself gave at that step</source>
        <translation>Ép theo bản dịch tham chiếu của câu thăm dò (cùng một lưới ở mọi bước), hoặc trên bản dịch mà chính mô hình đưa ra ở bước đó</translation>
    </message>
    <message>
        <source>Play the timelapse</source>
        <translation>Phát đoạn tua nhanh</translation>
    </message>
    <message>
        <source>Play the recorded steps</source>
        <translation>Phát các bước đã ghi</translation>
    </message>
    <message>
        <source>Training step</source>
        <translation>Bước huấn luyện</translation>
    </message>
    <message>
        <source>No run chosen: train one, or open a run in Training.</source>
        <translation>Chưa chọn lượt chạy: hãy huấn luyện một lượt, hoặc mở một lượt chạy trong Huấn luyện.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>No probe records in this run yet.</source>
        <translation>Lượt chạy này chưa có bản ghi thăm dò nào.</translation>
    </message>
    <message>
        <source>step %1 (%2 of %3)</source>
        <translation>bước %1 (%2 trên %3)</translation>
    </message>
    <message>
        <source>Pause the timelapse</source>
        <translation>Tạm dừng đoạn tua nhanh</translation>
    </message>
</context>
<context>
    <name>studio::ui::TrainingSettingsForm</name>
    <message>
        <source>Model</source>
        <translation>Mô hình</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Cấu hình sẵn</translation>
    </message>
    <message>
        <source>Starting values for every field below</source>
        <translation>Giá trị ban đầu cho mọi ô bên dưới</translation>
    </message>
    <message>
        <source>Model width; must be divisible by the heads</source>
        <translation>Độ rộng mô hình; phải chia hết cho số đầu</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>Số đầu attention</translation>
    </message>
    <message>
        <source>Inner width of the feed-forward</source>
        <translation>Độ rộng bên trong của lớp feed-forward</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>Residual dropout</source>
        <translation>Dropout trên nhánh dư</translation>
    </message>
    <message>
        <source>d_model</source>
        <translation>d_model</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>Số đầu</translation>
    </message>
    <message>
        <source>d_ff</source>
        <translation>d_ff</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Huấn luyện</translation>
    </message>
    <message>
        <source>Tokens a batch, padding included</source>
        <translation>Số token mỗi lô, tính cả phần đệm</translation>
    </message>
    <message>
        <source>Warmup steps of the Noam schedule</source>
        <translation>Số bước khởi động của lịch Noam</translation>
    </message>
    <message>
        <source>Optimizer steps to train</source>
        <translation>Số bước tối ưu cần huấn luyện</translation>
    </message>
    <message>
        <source>Evaluate on dev and write a checkpoint every N steps</source>
        <translation>Đánh giá trên tập dev và ghi checkpoint mỗi N bước</translation>
    </message>
    <message>
        <source>Batch tokens</source>
        <translation>Token mỗi lô</translation>
    </message>
    <message>
        <source>Warmup steps</source>
        <translation>Bước khởi động</translation>
    </message>
    <message>
        <source>Max steps</source>
        <translation>Số bước tối đa</translation>
    </message>
    <message>
        <source>Evaluate every</source>
        <translation>Đánh giá mỗi</translation>
    </message>
    <message>
        <source>Optimisation</source>
        <translation>Tối ưu</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Lịch tốc độ học</translation>
    </message>
    <message>
        <source>noam: warmup then 1/sqrt(step) (the paper); cosine: decay with warm restarts; plateau: cut the rate when dev BLEU stops improving</source>
        <translation>noam: khởi động rồi giảm theo 1/sqrt(bước) (như bài báo); cosine: giảm dần với khởi động lại; plateau: giảm tốc độ học khi BLEU trên dev ngừng tăng</translation>
    </message>
    <message>
        <source>Noam factor</source>
        <translation>Hệ số Noam</translation>
    </message>
    <message>
        <source>Scales the Noam schedule: rate = factor · d_model^-0.5 · min(step^-0.5, step · warmup^-1.5)</source>
        <translation>Nhân lịch Noam: tốc độ = hệ số · d_model^-0.5 · min(bước^-0.5, bước · khởi động^-1.5)</translation>
    </message>
    <message>
        <source>Peak learning rate</source>
        <translation>Tốc độ học đỉnh</translation>
    </message>
    <message>
        <source>The peak rate of the cosine and plateau schedules</source>
        <translation>Tốc độ học cao nhất của lịch cosine và plateau</translation>
    </message>
    <message>
        <source>Minimum learning rate</source>
        <translation>Tốc độ học tối thiểu</translation>
    </message>
    <message>
        <source>Cosine decays to this; plateau never cuts below it</source>
        <translation>Cosine giảm tới mức này; plateau không bao giờ giảm dưới nó</translation>
    </message>
    <message>
        <source>to the last step</source>
        <translation>đến bước cuối</translation>
    </message>
    <message>
        <source>Cosine cycle</source>
        <translation>Chu kỳ cosine</translation>
    </message>
    <message>
        <source>Steps of the first cosine cycle (0: one cycle that ends at the last step)</source>
        <translation>Số bước của chu kỳ cosine đầu tiên (0: một chu kỳ kết thúc ở bước cuối)</translation>
    </message>
    <message>
        <source>Plateau patience</source>
        <translation>Độ kiên nhẫn plateau</translation>
    </message>
    <message>
        <source>Evaluations without a better BLEU before the rate is cut</source>
        <translation>Số lần đánh giá không có BLEU tốt hơn trước khi giảm tốc độ học</translation>
    </message>
    <message>
        <source>Label smoothing</source>
        <translation>Làm mượt nhãn</translation>
    </message>
    <message>
        <source>ε of label-smoothed cross-entropy (0.1 in the paper)</source>
        <translation>ε của cross-entropy làm mượt nhãn (0,1 trong bài báo)</translation>
    </message>
    <message>
        <source>Gradient clipping</source>
        <translation>Cắt gradient</translation>
    </message>
    <message>
        <source>Clip the gradient&apos;s norm to this; 0 = off</source>
        <translation>Cắt chuẩn của gradient về mức này; 0 = tắt</translation>
    </message>
    <message>
        <source>Accumulate batches</source>
        <translation>Gộp lô</translation>
    </message>
    <message>
        <source>Batches summed into one optimizer step (a larger batch)</source>
        <translation>Số lô cộng dồn vào một bước tối ưu (một lô lớn hơn)</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Hạt giống ngẫu nhiên</translation>
    </message>
    <message>
        <source>Seeds initialisation, dropout and batch order: the same seed trains the same model on the CPU</source>
        <translation>Khởi tạo, dropout và thứ tự lô theo hạt giống này: cùng hạt giống cho cùng mô hình trên CPU</translation>
    </message>
    <message>
        <source>off (fp32)</source>
        <translation>tắt (fp32)</translation>
    </message>
    <message>
        <source>Mixed precision</source>
        <translation>Độ chính xác hỗn hợp</translation>
    </message>
    <message>
        <source>Autocast: auto picks bf16 on CPUs with bf16 instructions (AVX512-BF16, AMX) and on GPUs with native bf16 (Ampere and newer); fp32 on other CPUs, fp16 with loss scaling on older GPUs</source>
        <translation>Autocast: auto chọn bf16 trên CPU có lệnh bf16 (AVX512-BF16, AMX) và trên GPU hỗ trợ bf16 gốc (Ampere trở lên); fp32 trên các CPU khác, fp16 với co giãn loss trên GPU cũ hơn</translation>
    </message>
    <message>
        <source>Evaluation and checkpoints</source>
        <translation>Đánh giá và checkpoint</translation>
    </message>
    <message>
        <source>Dev sentences</source>
        <translation>Số câu dev</translation>
    </message>
    <message>
        <source>Dev sentences translated for BLEU at each evaluation; 0 = all</source>
        <translation>Số câu dev được dịch để tính BLEU ở mỗi lần đánh giá; 0 = tất cả</translation>
    </message>
    <message>
        <source>Samples shown</source>
        <translation>Số câu mẫu</translation>
    </message>
    <message>
        <source>Sample translations printed at each evaluation</source>
        <translation>Số bản dịch mẫu in ra ở mỗi lần đánh giá</translation>
    </message>
    <message>
        <source>Dev beam size</source>
        <translation>Beam khi đánh giá</translation>
    </message>
    <message>
        <source>Beam size of the dev translations (1 = greedy, fastest)</source>
        <translation>Kích thước beam khi dịch tập dev (1 = tham lam, nhanh nhất)</translation>
    </message>
    <message>
        <source>Keep checkpoints</source>
        <translation>Giữ checkpoint</translation>
    </message>
    <message>
        <source>Checkpoints kept; best.pt is kept apart</source>
        <translation>Số checkpoint được giữ; best.pt được giữ riêng</translation>
    </message>
    <message>
        <source>Average last</source>
        <translation>Lấy trung bình</translation>
    </message>
    <message>
        <source>At the end, average the last N checkpoints into averaged.pt; 0 = off</source>
        <translation>Khi kết thúc, lấy trung bình N checkpoint cuối vào averaged.pt; 0 = tắt</translation>
    </message>
    <message>
        <source>Early stopping</source>
        <translation>Dừng sớm</translation>
    </message>
    <message>
        <source>Stop after N evaluations without a better dev BLEU; 0 = off</source>
        <translation>Dừng sau N lần đánh giá không có BLEU dev tốt hơn; 0 = tắt</translation>
    </message>
    <message>
        <source>Max epochs</source>
        <translation>Số epoch tối đa</translation>
    </message>
    <message>
        <source>Stop after N passes over the training data; 0 = no limit</source>
        <translation>Dừng sau N lượt qua dữ liệu huấn luyện; 0 = không giới hạn</translation>
    </message>
    <message>
        <source>Keep models</source>
        <translation>Giữ mô hình</translation>
    </message>
    <message>
        <source>Also keep the model of every N-th evaluation in the run&apos;s models/ folder, so that the charts can open that step in Translate and Attention; 0 = off</source>
        <translation>Giữ thêm mô hình của mỗi lần đánh giá thứ N trong thư mục models/ của lượt chạy, để các biểu đồ có thể mở bước đó trong Dịch và Chú ý; 0 = tắt</translation>
    </message>
    <message>
        <source>off</source>
        <translation>tắt</translation>
    </message>
    <message>
        <source> (every N-th evaluation)</source>
        <translation> (mỗi lần đánh giá thứ N)</translation>
    </message>
    <message numerus="yes">
        <source>Keeps %n model(s), about %1 on the disk.</source>
        <translation>
            <numerusform>Giữ %n mô hình, khoảng %1 trên đĩa.</numerusform>
        </translation>
    </message>
    <message>
        <source>Record probes every</source>
        <translation>Ghi thăm dò mỗi</translation>
    </message>
    <message>
        <source>Record the probe sentences&apos; attention every N steps (for the Attention explorer&apos;s timelapse); 0 = at every evaluation</source>
        <translation>Ghi chú ý của các câu thăm dò mỗi N bước (cho đoạn tua nhanh của trình khám phá Chú ý); 0 = ở mỗi lần đánh giá</translation>
    </message>
    <message>
        <source>each evaluation</source>
        <translation>mỗi lần đánh giá</translation>
    </message>
    <message>
        <source>Probe sentences</source>
        <translation>Câu thăm dò</translation>
    </message>
    <message>
        <source>Empty: the first 3 dev pairs. One a line: SOURCE ||| REFERENCE</source>
        <translation>Để trống: 3 cặp dev đầu tiên. Mỗi dòng một câu: NGUỒN ||| THAM CHIẾU</translation>
    </message>
    <message>
        <source>Sentences whose attention is recorded as the run trains, for the timelapse. A line without a reference records the model&apos;s own translation only.</source>
        <translation>Các câu được ghi lại chú ý trong khi huấn luyện, cho đoạn tua nhanh. Dòng không có bản dịch tham chiếu chỉ ghi bản dịch của chính mô hình.</translation>
    </message>
    <message>
        <source> min</source>
        <translation> phút</translation>
    </message>
    <message>
        <source>none</source>
        <translation>không</translation>
    </message>
    <message>
        <source>Time budget</source>
        <translation>Giới hạn thời gian</translation>
    </message>
    <message>
        <source>Minutes the whole run may take: after its first 200 steps it sets Max steps (at most the value above) to the steps that fit at their pace; none = train Max steps</source>
        <translation>Số phút cả lượt huấn luyện được dùng: sau 200 bước đầu, nó đặt Số bước tối đa (không quá giá trị ở trên) bằng số bước vừa với tốc độ của chúng; không = huấn luyện đủ Số bước tối đa</translation>
    </message>
    <message>
        <source>Encoder layers: each reads the whole source once a sentence</source>
        <translation>Số lớp mã hóa: mỗi lớp đọc toàn bộ câu nguồn một lần cho mỗi câu</translation>
    </message>
    <message>
        <source>Decoder layers: each runs again for every piece written, so they set the speed of translating (a deep encoder and a shallow decoder translate fastest for their quality)</source>
        <translation>Số lớp giải mã: mỗi lớp chạy lại cho từng mảnh được viết, nên chúng quyết định tốc độ dịch (bộ mã hóa sâu và bộ giải mã nông dịch nhanh nhất so với chất lượng của chúng)</translation>
    </message>
    <message>
        <source>Encoder layers</source>
        <translation>Lớp mã hóa</translation>
    </message>
    <message>
        <source>Decoder layers</source>
        <translation>Lớp giải mã</translation>
    </message>
    <message>
        <source>Subword sampling (α)</source>
        <translation>Lấy mẫu từ con (α)</translation>
    </message>
    <message>
        <source>Each epoch splits the training sentences into pieces anew. A unigram vocabulary draws with its odds raised to α (subword regularization: 0.5 is mild; a lower α draws shorter pieces and needs longer training); a BPE vocabulary skips each merge with probability α (BPE-dropout: 0.1 as in its paper). Off: the same pieces every epoch. Dev, test and translation keep the best split</source>
        <translation>Mỗi epoch tách lại các câu huấn luyện thành các mảnh. Bộ từ vựng unigram rút theo xác suất của nó lũy thừa α (điều chuẩn từ con: 0,5 là nhẹ; α thấp hơn cho các mảnh ngắn hơn và cần huấn luyện lâu hơn); bộ từ vựng BPE bỏ qua mỗi phép ghép với xác suất α (BPE-dropout: 0,1 như trong bài báo của nó). Tắt: mỗi epoch cùng một cách tách. Tập dev, tập kiểm tra và bản dịch giữ cách tách tốt nhất</translation>
    </message>
    <message>
        <source>BPE-dropout (α)</source>
        <translation>BPE-dropout (α)</translation>
    </message>
    <message>
        <source>Weight average (EMA)</source>
        <translation>Trung bình trọng số (EMA)</translation>
    </message>
    <message>
        <source>Evaluate, record and keep an exponential moving average of the weights instead of the weights themselves (they go on training): 0.999 averages about the last 1,000 steps. Off: the weights</source>
        <translation>Đánh giá, ghi lại và lưu trung bình trượt luỹ thừa của các trọng số thay cho chính các trọng số (chúng vẫn tiếp tục được huấn luyện): 0.999 lấy trung bình khoảng 1.000 bước cuối. Tắt: dùng chính các trọng số</translation>
    </message>
    <message>
        <source>Guided alignment</source>
        <translation>Gióng hàng có hướng dẫn</translation>
    </message>
    <message>
        <source>Train the first cross-attention head of the last decoder layer (the last but one from 4 layers) to follow word alignments learnt from the training pairs first, with this weight on its loss (0.05 as in Garg et al. 2019): word alignments, kept tags and a document&apos;s formatting then follow that head. Off: they follow the last layer&apos;s attention. On the starter it aligned worse than the last layer&apos;s attention (docs/training.md)</source>
        <translation>Huấn luyện đầu cross-attention thứ nhất của lớp giải mã cuối (lớp áp chót khi có từ 4 lớp) theo các gióng hàng từ học trước từ các cặp huấn luyện, với trọng số này trên hàm mất mát của nó (0,05 như Garg và cộng sự 2019): gióng hàng từ, thẻ được giữ và định dạng của tài liệu sau đó theo đầu này. Tắt: chúng theo attention của lớp cuối. Với mô hình khởi đầu, nó gióng hàng kém hơn attention của lớp cuối (docs/training.md)</translation>
    </message>
    <message>
        <source>Direction</source>
        <translation>Chiều dịch</translation>
    </message>
    <message>
        <source>Vietnamese → English</source>
        <translation>Việt → Anh</translation>
    </message>
    <message>
        <source>English → Vietnamese (for back-translation)</source>
        <translation>Anh → Việt (để dịch ngược)</translation>
    </message>
    <message>
        <source>Which way the model translates. English → Vietnamese trains on the same data folder the other way round: a model for More pairs from English text (back-translation), not for Translate</source>
        <translation>Mô hình dịch theo chiều nào. Anh → Việt huấn luyện trên cùng thư mục dữ liệu theo chiều ngược lại: một mô hình cho Thêm cặp câu từ văn bản tiếng Anh (dịch ngược), không dùng cho Dịch</translation>
    </message>
</context>
<context>
    <name>studio::ui::TrainingWorkspace</name>
    <message>
        <source>Data and run</source>
        <translation>Dữ liệu và lần huấn luyện</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Duyệt…</translation>
    </message>
    <message>
        <source>Browse for %1</source>
        <translation>Duyệt tìm %1</translation>
    </message>
    <message>
        <source>Choose a folder</source>
        <translation>Chọn một thư mục</translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation>Kho ngữ liệu</translation>
    </message>
    <message>
        <source>Prepare</source>
        <translation>Chuẩn bị</translation>
    </message>
    <message>
        <source>Read, clean and split the corpus, train SentencePiece and encode it into the data folder (Start does it when needed)</source>
        <translation>Đọc, làm sạch và chia kho ngữ liệu, huấn luyện SentencePiece và mã hoá vào thư mục dữ liệu (&quot;Bắt đầu&quot; tự làm khi cần)</translation>
    </message>
    <message>
        <source>Data folder</source>
        <translation>Thư mục dữ liệu</translation>
    </message>
    <message>
        <source>The prepared data (written by Prepare or attention-studio-cli prepare)</source>
        <translation>Dữ liệu đã chuẩn bị (do &quot;Chuẩn bị&quot; hoặc attention-studio-cli prepare ghi)</translation>
    </message>
    <message>
        <source>Run folder</source>
        <translation>Thư mục huấn luyện</translation>
    </message>
    <message>
        <source>Checkpoints, metrics.jsonl and best.pt are written here</source>
        <translation>Checkpoint, metrics.jsonl và best.pt được ghi vào đây</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Thiết bị</translation>
    </message>
    <message>
        <source>auto: the GPU when this build has CUDA and one is present, else the CPU</source>
        <translation>auto: GPU khi bản dựng này có CUDA và có GPU, ngược lại là CPU</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Bắt đầu</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Dừng</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Tiếp tục</translation>
    </message>
    <message>
        <source>Start a new run in the run folder</source>
        <translation>Bắt đầu lần huấn luyện mới trong thư mục huấn luyện</translation>
    </message>
    <message>
        <source>Finish the current step, write a checkpoint and stop</source>
        <translation>Hoàn tất bước hiện tại, ghi checkpoint rồi dừng</translation>
    </message>
    <message>
        <source>Continue the run in the run folder from its newest checkpoint</source>
        <translation>Chạy tiếp lần huấn luyện trong thư mục từ checkpoint mới nhất</translation>
    </message>
    <message>
        <source>Training progress</source>
        <translation>Tiến độ huấn luyện</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>Đang rảnh</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>Loss</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>loss</translation>
    </message>
    <message>
        <source>train</source>
        <translation>huấn luyện</translation>
    </message>
    <message>
        <source>dev</source>
        <translation>dev</translation>
    </message>
    <message>
        <source>BLEU</source>
        <translation>BLEU</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Tốc độ học</translation>
    </message>
    <message>
        <source>rate</source>
        <translation>tốc độ</translation>
    </message>
    <message>
        <source>learning rate</source>
        <translation>tốc độ học</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Tốc độ xử lý</translation>
    </message>
    <message>
        <source>target tokens / s</source>
        <translation>token đích / giây</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>token/giây</translation>
    </message>
    <message>
        <source>Sample translations</source>
        <translation>Bản dịch mẫu</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Nhật ký</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Câu mẫu</translation>
    </message>
    <message>
        <source>best so far: %1</source>
        <translation>tốt nhất tới giờ: %1</translation>
    </message>
    <message>
        <source>checkpoint: %1</source>
        <translation>checkpoint: %1</translation>
    </message>
    <message>
        <source>Preparing the data failed: %1</source>
        <translation>Chuẩn bị dữ liệu thất bại: %1</translation>
    </message>
    <message>
        <source>Preparing %1 into %2…</source>
        <translation>Đang chuẩn bị %1 vào %2…</translation>
    </message>
    <message>
        <source>preparing %1 → %2</source>
        <translation>đang chuẩn bị %1 → %2</translation>
    </message>
    <message>
        <source>Data prepared in %1.</source>
        <translation>Dữ liệu đã được chuẩn bị trong %1.</translation>
    </message>
    <message>
        <source>Not prepared yet: Start prepares it from the corpus.</source>
        <translation>Chưa được chuẩn bị: &quot;Bắt đầu&quot; sẽ chuẩn bị từ kho ngữ liệu.</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a run folder: it has no metrics.jsonl</source>
        <translation>&apos;%1&apos; không phải thư mục huấn luyện: không có metrics.jsonl</translation>
    </message>
    <message>
        <source>Opened %1: %2 steps of history%3.</source>
        <translation>Đã mở %1: lịch sử %2 bước%3.</translation>
    </message>
    <message>
        <source>, %1 unreadable lines skipped</source>
        <translation>, bỏ qua %1 dòng không đọc được</translation>
    </message>
    <message>
        <source>Choose a corpus or a prepared data folder first.</source>
        <translation>Hãy chọn kho ngữ liệu hoặc thư mục dữ liệu đã chuẩn bị trước.</translation>
    </message>
    <message>
        <source>Resuming…</source>
        <translation>Đang tiếp tục…</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Đang bắt đầu…</translation>
    </message>
    <message>
        <source>Stopping after this step…</source>
        <translation>Sẽ dừng sau bước này…</translation>
    </message>
    <message>
        <source>Step %1 of %2 · loss %3 · %4 tokens/s · elapsed %5 · ETA %6</source>
        <translation>Bước %1/%2 · loss %3 · %4 token/giây · đã chạy %5 · còn lại %6</translation>
    </message>
    <message>
        <source>— step %1: dev loss %2, perplexity %3, accuracy %4 %, BLEU %5%6
</source>
        <translation>— bước %1: loss dev %2, perplexity %3, độ chính xác %4 %, BLEU %5%6
</translation>
    </message>
    <message>
        <source> (best)</source>
        <translation> (tốt nhất)</translation>
    </message>
    <message>
        <source>  source:     %1
  reference:  %2
  hypothesis: %3
</source>
        <translation>  nguồn:      %1
  tham chiếu: %2
  giả thuyết: %3
</translation>
    </message>
    <message>
        <source>Finished at step %1 (%2).</source>
        <translation>Kết thúc ở bước %1 (%2).</translation>
    </message>
    <message>
        <source> Best dev BLEU %1.</source>
        <translation> BLEU dev tốt nhất %1.</translation>
    </message>
    <message>
        <source> Last checkpoint: %1</source>
        <translation> Checkpoint cuối: %1</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Thất bại: %1</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>lỗi: %1</translation>
    </message>
    <message>
        <source>Click a step to see the probe sentences&apos; attention there (Attention tab)</source>
        <translation>Bấm vào một bước để xem chú ý của các câu thăm dò tại đó (thẻ Chú ý)</translation>
    </message>
    <message>
        <source>Open step %1&apos;s model in Translate</source>
        <translation>Mở mô hình của bước %1 trong Dịch</translation>
    </message>
    <message>
        <source>Explore step %1&apos;s model in Attention</source>
        <translation>Khám phá mô hình của bước %1 trong Chú ý</translation>
    </message>
    <message>
        <source>Compare runs</source>
        <translation>So sánh lượt chạy</translation>
    </message>
    <message>
        <source>%1 (dev)</source>
        <translation>%1 (dev)</translation>
    </message>
    <message>
        <source>Workers</source>
        <translation>Tiến trình</translation>
    </message>
    <message>
        <source>Data-parallel workers: each trains on its share of every batch, their gradients are summed (c10d, Gloo), and the charts show the sums. On a CPU they share the cores; on a CUDA machine each takes a GPU. The log shows each worker&apos;s state.</source>
        <translation>Các tiến trình song song dữ liệu: mỗi tiến trình huấn luyện trên phần của nó trong mỗi lô, gradient của chúng được cộng lại (c10d, Gloo), và biểu đồ hiển thị tổng. Trên CPU chúng chia nhau các lõi; trên máy CUDA mỗi tiến trình dùng một GPU. Nhật ký hiển thị trạng thái của từng tiến trình.</translation>
    </message>
    <message>
        <source>Dev BLEU and chrF</source>
        <translation>BLEU và chrF trên tập dev</translation>
    </message>
    <message>
        <source>score</source>
        <translation>điểm</translation>
    </message>
    <message>
        <source>chrF</source>
        <translation>chrF</translation>
    </message>
    <message>
        <source>%1, chrF %2</source>
        <translation>%1, chrF %2</translation>
    </message>
    <message>
        <source>BLEU, original dev</source>
        <translation>BLEU, dev gốc</translation>
    </message>
    <message>
        <source>A new model: the preset decides its shape.</source>
        <translation>Một mô hình mới: cấu hình sẵn quyết định cấu trúc của nó.</translation>
    </message>
    <message>
        <source>Fine-tuning %1: choose the new corpus, then Start.</source>
        <translation>Tinh chỉnh %1: hãy chọn kho ngữ liệu mới, rồi bấm Bắt đầu.</translation>
    </message>
    <message>
        <source>  original dev: BLEU %1, chrF %2
</source>
        <translation>  dev gốc: BLEU %1, chrF %2
</translation>
    </message>
    <message>
        <source>A run is in progress: stop it first, then learn from the corrections.</source>
        <translation>Đang có một lượt huấn luyện: hãy dừng nó trước, rồi học từ các bản sửa.</translation>
    </message>
    <message>
        <source>Cannot learn from the corrections of &apos;%1&apos;: %2</source>
        <translation>Không thể học từ các bản sửa của &apos;%1&apos;: %2</translation>
    </message>
    <message numerus="yes">
        <source>learning from %n correction(s) of %1</source>
        <translation>
            <numerusform>đang học từ %n bản sửa của %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Encoding of corpus files that are not UTF-8</source>
        <translation>Bảng mã của các tệp ngữ liệu không phải UTF-8</translation>
    </message>
    <message>
        <source>UTF-8</source>
        <translation>UTF-8</translation>
    </message>
    <message>
        <source>Vietnamese written before Unicode: corpus files that are not UTF-8 are read in this encoding (a file that is UTF-8 stays UTF-8). Preparing says which one a file reads as when it is not UTF-8.</source>
        <translation>Tiếng Việt viết trước thời Unicode: các tệp ngữ liệu không phải UTF-8 được đọc theo bảng mã này (tệp UTF-8 vẫn đọc là UTF-8). Khi chuẩn bị, ứng dụng cho biết một tệp không phải UTF-8 đọc được theo bảng mã nào.</translation>
    </message>
    <message>
        <source>Encoding:</source>
        <translation>Bảng mã:</translation>
    </message>
    <message>
        <source>Choose a corpus to prepare: a folder, a TSV or TMX file, or two aligned files.</source>
        <translation>Hãy chọn kho ngữ liệu cần chuẩn bị: một thư mục, một tệp TSV hoặc TMX, hoặc hai tệp song song.</translation>
    </message>
    <message>
        <source>Keep repeated pairs</source>
        <translation>Giữ các cặp lặp lại</translation>
    </message>
    <message>
        <source>Off: a pair the corpus holds again (once cleaned) is dropped and counted, as corpora and translation memories repeat their boilerplate. On: every repeat is trained on.</source>
        <translation>Tắt: một cặp câu xuất hiện lại trong kho ngữ liệu (sau khi làm sạch) bị bỏ và được đếm, vì các kho ngữ liệu và bộ nhớ dịch hay lặp lại những câu khuôn mẫu. Bật: huấn luyện trên mọi lần lặp lại.</translation>
    </message>
    <message>
        <source>BLEU, %1</source>
        <translation>BLEU, %1</translation>
    </message>
    <message>
        <source>  dev of %1: BLEU %2
</source>
        <translation>  dev của %1: BLEU %2
</translation>
    </message>
    <message>
        <source>Stopped: the teacher&apos;s translations so far were not kept.</source>
        <translation>Đã dừng: các bản dịch của mô hình thầy đến lúc này không được giữ lại.</translation>
    </message>
    <message>
        <source>Distilling the data failed: %1</source>
        <translation>Chưng cất dữ liệu thất bại: %1</translation>
    </message>
    <message>
        <source>Stopping the teacher after the sentences it is translating…</source>
        <translation>Đang dừng mô hình thầy sau các câu nó đang dịch…</translation>
    </message>
    <message>
        <source>No teacher: the new model learns the corpus&apos;s English.</source>
        <translation>Không có mô hình thầy: mô hình mới học tiếng Anh của kho ngữ liệu.</translation>
    </message>
    <message>
        <source>A student of %1: choose its shape under Model, then Start.</source>
        <translation>Học trò của %1: chọn cấu trúc của nó ở mục Mô hình, rồi Bắt đầu.</translation>
    </message>
    <message>
        <source>A run is in progress: stop it first, then train a student.</source>
        <translation>Đang có một lượt chạy: hãy dừng nó trước, rồi huấn luyện học trò.</translation>
    </message>
    <message>
        <source>Choose a teacher model first (Learn from).</source>
        <translation>Hãy chọn mô hình thầy trước (Học từ).</translation>
    </message>
    <message>
        <source>Choose a corpus or a prepared data folder for the teacher to translate.</source>
        <translation>Chọn một kho ngữ liệu hoặc một thư mục dữ liệu đã chuẩn bị để mô hình thầy dịch.</translation>
    </message>
    <message>
        <source>The teacher %1 is loading…</source>
        <translation>Đang nạp mô hình thầy %1…</translation>
    </message>
    <message>
        <source>distilling %1 with the teacher %2 → %3</source>
        <translation>chưng cất %1 với mô hình thầy %2 → %3</translation>
    </message>
    <message>
        <source>The teacher translates the training sentences: %1 of %2 · about %3 s left</source>
        <translation>Mô hình thầy đang dịch các câu huấn luyện: %1 trên %2 · còn khoảng %3 s</translation>
    </message>
    <message>
        <source>The teacher translates the training sentences: %1 of %2</source>
        <translation>Mô hình thầy đang dịch các câu huấn luyện: %1 trên %2</translation>
    </message>
    <message>
        <source>Distilled data in %1.</source>
        <translation>Dữ liệu chưng cất nằm ở %1.</translation>
    </message>
    <message>
        <source>Stopped: nothing of this preparation was kept (a folder prepared before is as it was).</source>
        <translation>Đã dừng: không giữ lại gì của lần chuẩn bị này (thư mục đã chuẩn bị trước đó vẫn như cũ).</translation>
    </message>
    <message>
        <source>preparation stopped</source>
        <translation>đã dừng chuẩn bị</translation>
    </message>
    <message>
        <source>Could not write the toy task&apos;s corpus: %1</source>
        <translation>Không ghi được kho ngữ liệu của bài toán đồ chơi: %1</translation>
    </message>
    <message>
        <source>Toy task: %1. Start prepares it and trains the toy model.</source>
        <translation>Bài toán đồ chơi: %1. Bắt đầu sẽ chuẩn bị nó và huấn luyện mô hình toy.</translation>
    </message>
    <message>
        <source>Stopping the preparation…</source>
        <translation>Đang dừng việc chuẩn bị…</translation>
    </message>
    <message>
        <source>%1 holds a run already (Resume continues it): the new run goes into %2.</source>
        <translation>%1 đã chứa một lượt huấn luyện (Tiếp tục sẽ chạy tiếp lượt đó): lượt mới được ghi vào %2.</translation>
    </message>
    <message>
        <source> Best checkpoint: step %1, dev BLEU %2 on all %3 dev sentences.</source>
        <translation> Checkpoint tốt nhất: bước %1, BLEU dev %2 trên toàn bộ %3 câu dev.</translation>
    </message>
    <message>
        <source>Choose the folder of the run to resume first.</source>
        <translation>Hãy chọn thư mục của lần huấn luyện cần tiếp tục trước.</translation>
    </message>
    <message>
        <source>No run folder was chosen: the run goes into %1.</source>
        <translation>Chưa chọn thư mục huấn luyện: lần huấn luyện này được lưu vào %1.</translation>
    </message>
    <message numerus="yes">
        <source>(%n of them kept for the models it was fine-tuned from, learnt again so as not to be forgotten)</source>
        <translation>
            <numerusform>(%n bản trong số đó được giữ cho các mô hình mà nó được tinh chỉnh từ đó, được học lại để không bị quên)</numerusform>
        </translation>
    </message>
    <message>
        <source>Stopping the back-translation after the sentences it is translating…</source>
        <translation>Đang dừng dịch ngược sau các câu đang được dịch…</translation>
    </message>
    <message>
        <source>Back-translating the English text: %1 of %2 sentences</source>
        <translation>Đang dịch ngược văn bản tiếng Anh: %1 trên %2 câu</translation>
    </message>
    <message>
        <source>Stopped: nothing of the back-translation was kept.</source>
        <translation>Đã dừng: không giữ lại gì của lượt dịch ngược.</translation>
    </message>
    <message>
        <source>Back-translating failed: %1</source>
        <translation>Dịch ngược thất bại: %1</translation>
    </message>
    <message>
        <source>Choose the English → Vietnamese model first (More pairs from English text).</source>
        <translation>Hãy chọn mô hình Anh → Việt trước (Thêm cặp câu từ văn bản tiếng Anh).</translation>
    </message>
    <message>
        <source>Choose the English text to translate (More pairs from English text).</source>
        <translation>Hãy chọn văn bản tiếng Anh cần dịch (Thêm cặp câu từ văn bản tiếng Anh).</translation>
    </message>
    <message>
        <source>The English → Vietnamese model %1 is loading…</source>
        <translation>Đang nạp mô hình Anh → Việt %1…</translation>
    </message>
    <message>
        <source>back-translating %1 with %2 → %3</source>
        <translation>dịch ngược %1 bằng %2 → %3</translation>
    </message>
    <message>
        <source>Back-translated data in %1.</source>
        <translation>Dữ liệu dịch ngược nằm ở %1.</translation>
    </message>
    <message>
        <source>Prepare the data folder first: its pairs stay beside the back-translated ones (Prepare).</source>
        <translation>Hãy chuẩn bị thư mục dữ liệu trước: các cặp của nó được giữ bên cạnh các cặp dịch ngược (Chuẩn bị).</translation>
    </message>
    <message>
        <source>The data folder is now %1, and Direction Vietnamese → English: Start trains the translator on it.</source>
        <translation>Thư mục dữ liệu giờ là %1, và Chiều dịch là Việt → Anh: Bắt đầu sẽ huấn luyện mô hình dịch trên đó.</translation>
    </message>
    <message>
        <source>More pairs from English text: choose the English, then Back-translate.</source>
        <translation>Thêm cặp câu từ văn bản tiếng Anh: chọn văn bản tiếng Anh, rồi bấm Dịch ngược.</translation>
    </message>
</context>
<context>
    <name>studio::ui::TranslateSettingsPanel</name>
    <message>
        <source>Model</source>
        <translation>Mô hình</translation>
    </message>
    <message>
        <source>Latest checkpoint of a run</source>
        <translation>Checkpoint mới nhất của một lần huấn luyện</translation>
    </message>
    <message>
        <source>Best checkpoint of a run</source>
        <translation>Checkpoint tốt nhất của một lần huấn luyện</translation>
    </message>
    <message>
        <source>Model file</source>
        <translation>Tệp mô hình</translation>
    </message>
    <message>
        <source>Model source</source>
        <translation>Nguồn mô hình</translation>
    </message>
    <message>
        <source>A run&apos;s newest checkpoint (follows a training in progress), its best by dev BLEU, or any model file or checkpoint</source>
        <translation>Checkpoint mới nhất của một lần huấn luyện (theo kịp quá trình huấn luyện đang chạy), checkpoint có BLEU dev tốt nhất, hoặc bất kỳ tệp mô hình hay checkpoint nào</translation>
    </message>
    <message>
        <source>Model path</source>
        <translation>Đường dẫn mô hình</translation>
    </message>
    <message>
        <source>A run folder or a .pt file</source>
        <translation>Một thư mục huấn luyện hoặc một tệp .pt</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Duyệt…</translation>
    </message>
    <message>
        <source>Browse for a model</source>
        <translation>Duyệt tìm mô hình</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Nguồn</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Đường dẫn</translation>
    </message>
    <message>
        <source>Decoding</source>
        <translation>Giải mã</translation>
    </message>
    <message>
        <source>Beam size</source>
        <translation>Kích thước beam</translation>
    </message>
    <message>
        <source>Hypotheses kept at each step; 1 is greedy search</source>
        <translation>Số giả thuyết giữ lại ở mỗi bước; 1 là tìm kiếm tham lam</translation>
    </message>
    <message>
        <source>Length penalty</source>
        <translation>Phạt độ dài</translation>
    </message>
    <message>
        <source>GNMT length penalty α: score = log P / ((5 + length) / 6)^α; 0 = none</source>
        <translation>Phạt độ dài GNMT α: điểm = log P / ((5 + độ dài) / 6)^α; 0 = không phạt</translation>
    </message>
    <message>
        <source>N-best</source>
        <translation>N-best</translation>
    </message>
    <message>
        <source>Hypotheses listed (at most the beam size)</source>
        <translation>Số giả thuyết được liệt kê (tối đa bằng kích thước beam)</translation>
    </message>
    <message>
        <source>Translate as you type</source>
        <translation>Dịch trong khi gõ</translation>
    </message>
    <message>
        <source>Length penalty α</source>
        <translation>Phạt độ dài α</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Trọng số</translation>
    </message>
    <message>
        <source>float32</source>
        <translation>float32</translation>
    </message>
    <message>
        <source>int8 (smaller, faster)</source>
        <translation>int8 (nhỏ hơn, nhanh hơn)</translation>
    </message>
    <message>
        <source>bf16 (AMX, AVX512-BF16)</source>
        <translation>bf16 (AMX, AVX512-BF16)</translation>
    </message>
    <message>
        <source>int8 cannot run here: %1</source>
        <translation>int8 không chạy được ở đây: %1</translation>
    </message>
    <message>
        <source>int8: each weight in one byte (per output channel), decoded by the CPU&apos;s engine; a little less accurate; not for a model on a GPU</source>
        <translation>int8: mỗi trọng số một byte (theo từng kênh đầu ra), do bộ máy trên CPU giải mã; kém chính xác hơn một chút; không dùng cho mô hình trên GPU</translation>
    </message>
    <message>
        <source>int8 kernels on this CPU: %1</source>
        <translation>Các hàm tính int8 trên CPU này: %1</translation>
    </message>
    <message>
        <source>bf16: off here, this CPU has no bf16 instructions (AMX or AVX512-BF16), without which bf16 is no faster than float32</source>
        <translation>bf16: tắt ở đây, CPU này không có lệnh bf16 (AMX hoặc AVX512-BF16), thiếu chúng thì bf16 không nhanh hơn float32</translation>
    </message>
    <message>
        <source>bf16: the products in bfloat16 on this CPU&apos;s %1; a little less accurate</source>
        <translation>bf16: các phép nhân ma trận bằng bfloat16 trên %1 của CPU này; kém chính xác hơn một chút</translation>
    </message>
    <message>
        <source>Glossary</source>
        <translation>Bảng thuật ngữ</translation>
    </message>
    <message>
        <source>Choose a glossary</source>
        <translation>Chọn bảng thuật ngữ</translation>
    </message>
    <message>
        <source>Shortlist</source>
        <translation>Danh sách rút gọn</translation>
    </message>
    <message>
        <source>Choose a shortlist</source>
        <translation>Chọn danh sách rút gọn</translation>
    </message>
    <message>
        <source>Shortlists (*.txt);;All files (*)</source>
        <translation>Danh sách rút gọn (*.txt);;Mọi tệp (*)</translation>
    </message>
    <message>
        <source>Make it small and fast…</source>
        <translation>Làm cho nhỏ và nhanh…</translation>
    </message>
    <message>
        <source>Measure this model in float32, int8, with the shortlist and with heads pruned on this computer (speed against BLEU), and save the way you choose</source>
        <translation>Đo mô hình này ở float32, int8, với danh sách rút gọn và với các đầu bị cắt bỏ trên máy này (tốc độ theo BLEU), rồi lưu cách bạn chọn</translation>
    </message>
    <message>
        <source>none</source>
        <translation>không có</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Chọn…</translation>
    </message>
    <message>
        <source>Open a model</source>
        <translation>Mở một mô hình</translation>
    </message>
    <message>
        <source>Models (*.pt)</source>
        <translation>Mô hình (*.pt)</translation>
    </message>
    <message>
        <source>Open a run folder</source>
        <translation>Mở một thư mục huấn luyện</translation>
    </message>
    <message>
        <source>Lines wrapped within paragraphs</source>
        <translation>Các dòng ngắt giữa đoạn văn</translation>
    </message>
    <message>
        <source>For text wrapped over lines (copied from a PDF or an e-mail): a line break is a space and a blank line ends a paragraph. Off: every line break ends a sentence</source>
        <translation>Cho văn bản bị ngắt dòng (chép từ PDF hay thư điện tử): ngắt dòng được coi là dấu cách và dòng trống kết thúc một đoạn. Tắt: mỗi lần ngắt dòng kết thúc một câu</translation>
    </message>
    <message>
        <source>Ensemble</source>
        <translation>Tổ hợp</translation>
    </message>
    <message>
        <source>this model alone</source>
        <translation>chỉ mô hình này</translation>
    </message>
    <message>
        <source>More model files (separated by ;) that translate together with this one: at each step the mean of their probabilities. They need the same SentencePiece model (runs on one data folder, or checkpoints of one run). Usually a little better than any one of them, and as many times slower. The attention shown and the explorer&apos;s views are the first model&apos;s.</source>
        <translation>Các tệp mô hình khác (cách nhau bởi ;) cùng dịch với mô hình này: ở mỗi bước lấy trung bình xác suất của chúng. Chúng cần cùng một mô hình SentencePiece (các lần huấn luyện trên cùng một thư mục dữ liệu, hoặc các checkpoint của một lần huấn luyện). Thường tốt hơn một chút so với từng mô hình, và chậm hơn bấy nhiêu lần. Chú ý được hiển thị và các khung nhìn của trình khám phá là của mô hình đầu tiên.</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>Thêm…</translation>
    </message>
    <message>
        <source>Add models to the ensemble</source>
        <translation>Thêm mô hình vào tổ hợp</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Tìm kiếm</translation>
    </message>
    <message>
        <source>Beam search</source>
        <translation>Tìm kiếm chùm</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>Lấy mẫu</translation>
    </message>
    <message>
        <source>Beam search keeps the likeliest translations; sampling draws each piece at random from the model&apos;s distribution (N-best: the samples a sentence), to see what else it would say</source>
        <translation>Tìm kiếm chùm giữ các bản dịch khả dĩ nhất; lấy mẫu rút ngẫu nhiên từng mảnh theo phân phối của mô hình (N-best: số mẫu mỗi câu), để xem nó còn có thể nói gì khác</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Nhiệt độ</translation>
    </message>
    <message>
        <source>Below 1 the likely pieces are drawn more often, above 1 the unlikely ones</source>
        <translation>Dưới 1 các mảnh khả dĩ được rút thường hơn, trên 1 các mảnh ít khả dĩ</translation>
    </message>
    <message>
        <source>Top k</source>
        <translation>Top k</translation>
    </message>
    <message>
        <source>all</source>
        <translation>tất cả</translation>
    </message>
    <message>
        <source>Draw among the k likeliest pieces only</source>
        <translation>Chỉ rút trong k mảnh khả dĩ nhất</translation>
    </message>
    <message>
        <source>Top p</source>
        <translation>Top p</translation>
    </message>
    <message>
        <source>Draw among the fewest likeliest pieces that hold this share of the probability</source>
        <translation>Rút trong số ít nhất các mảnh khả dĩ nhất cộng lại bằng phần xác suất này</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Hạt giống ngẫu nhiên</translation>
    </message>
    <message>
        <source>The same seed draws the same samples of a sentence</source>
        <translation>Cùng một hạt giống rút ra cùng các mẫu của một câu</translation>
    </message>
    <message>
        <source>T</source>
        <translation>T</translation>
    </message>
    <message>
        <source>top k</source>
        <translation>top k</translation>
    </message>
    <message>
        <source>top p</source>
        <translation>top p</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>hạt giống</translation>
    </message>
    <message>
        <source>Samples drawn a sentence, listed best score first</source>
        <translation>Số mẫu rút cho mỗi câu, liệt kê theo điểm từ cao xuống</translation>
    </message>
    <message>
        <source>Keep tags (HTML, XML)</source>
        <translation>Giữ thẻ (HTML, XML)</translation>
    </message>
    <message>
        <source>For text with inline markup such as &lt;b&gt;, &lt;a href=&quot;…&quot;&gt; or &lt;br/&gt;: the words are translated and each tag is put back around the words of the translation aligned to its words, a line at a time. Not with lines wrapped within paragraphs</source>
        <translation>Cho văn bản có thẻ đánh dấu như &lt;b&gt;, &lt;a href=&quot;…&quot;&gt; hoặc &lt;br/&gt;: các từ được dịch và mỗi thẻ được đặt lại quanh những từ của bản dịch gióng với các từ của nó, theo từng dòng. Không dùng cùng Các dòng ngắt giữa đoạn văn</translation>
    </message>
    <message>
        <source>Ensemble weights</source>
        <translation>Trọng số tổ hợp</translation>
    </message>
    <message>
        <source>equal weights</source>
        <translation>trọng số bằng nhau</translation>
    </message>
    <message>
        <source>Each model&apos;s weight in the ensemble&apos;s mean, this model&apos;s first, then the others in order, e.g. 2, 1 (Marian&apos;s --weights). Empty: every model weighs the same.</source>
        <translation>Trọng số của mỗi mô hình trong trung bình của tổ hợp, mô hình này trước, rồi các mô hình khác theo thứ tự, ví dụ 2, 1 (--weights của Marian). Để trống: mọi mô hình nặng như nhau.</translation>
    </message>
    <message>
        <source>Keep links and numbers as typed</source>
        <translation>Giữ nguyên liên kết và con số</translation>
    </message>
    <message>
        <source>Web and e-mail addresses, file paths, placeholders such as %s or {name}, numbers and words the model&apos;s vocabulary cannot write come out exactly as typed: a sentence whose translation lost one is translated again with each of them required (beam search only)</source>
        <translation>Địa chỉ web và thư điện tử, đường dẫn tập tin, chỗ giữ chỗ như %s hay {name}, con số và những từ mà bộ từ vựng của mô hình không viết được sẽ ra đúng như khi gõ: câu nào mà bản dịch làm mất một trong số đó thì được dịch lại với từng thứ ấy là bắt buộc (chỉ với tìm kiếm chùm)</translation>
    </message>
    <message>
        <source>A TSV file of terms, VIETNAMESE&lt;TAB&gt;ENGLISH a line, or a TBX termbase: where the Vietnamese words occur (as typed), the translation contains the English</source>
        <translation>Một tệp TSV các thuật ngữ, mỗi dòng TIẾNG VIỆT&lt;TAB&gt;TIẾNG ANH, hoặc một kho thuật ngữ TBX: nơi các từ tiếng Việt xuất hiện (đúng như đã gõ), bản dịch chứa từ tiếng Anh</translation>
    </message>
    <message>
        <source>Glossaries (*.tsv *.txt *.tbx);;All files (*)</source>
        <translation>Bảng thuật ngữ (*.tsv *.txt *.tbx);;Mọi tệp (*)</translation>
    </message>
    <message>
        <source>A vocabulary shortlist learnt from the model&apos;s training data (Learn, or attention-studio-cli shortlist): faster decoding over the English pieces likely for the text</source>
        <translation>Danh sách rút gọn từ vựng học từ dữ liệu huấn luyện của mô hình (Học, hoặc attention-studio-cli shortlist): giải mã nhanh hơn trên những mảnh tiếng Anh có khả năng xuất hiện cho văn bản</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Sửa…</translation>
    </message>
    <message>
        <source>Edit the glossary</source>
        <translation>Sửa bảng thuật ngữ</translation>
    </message>
    <message>
        <source>Add, change and remove the glossary&apos;s terms in a table, or start a new glossary</source>
        <translation>Thêm, sửa và xoá các thuật ngữ của bảng thuật ngữ trong một bảng, hoặc bắt đầu một bảng thuật ngữ mới</translation>
    </message>
</context>
<context>
    <name>studio::ui::TranslateWorkspace</name>
    <message>
        <source>Vietnamese</source>
        <translation>Tiếng Việt</translation>
    </message>
    <message>
        <source>Vietnamese input</source>
        <translation>Văn bản tiếng Việt</translation>
    </message>
    <message>
        <source>Translate</source>
        <translation>Dịch</translation>
    </message>
    <message>
        <source>Translate now (Ctrl+Enter)</source>
        <translation>Dịch ngay (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>Explore attention</source>
        <translation>Khám phá attention</translation>
    </message>
    <message>
        <source>Open the attention explorer on this sentence (Ctrl+E)</source>
        <translation>Mở trình khám phá attention cho câu này (Ctrl+E)</translation>
    </message>
    <message>
        <source>English</source>
        <translation>Tiếng Anh</translation>
    </message>
    <message>
        <source>Translation</source>
        <translation>Bản dịch</translation>
    </message>
    <message>
        <source>Pieces, coloured by probability (hover for the value):</source>
        <translation>Các mảnh, tô màu theo xác suất (di chuột để xem giá trị):</translation>
    </message>
    <message>
        <source>Output pieces with probabilities</source>
        <translation>Các mảnh đầu ra kèm xác suất</translation>
    </message>
    <message>
        <source>N-best list:</source>
        <translation>Danh sách N-best:</translation>
    </message>
    <message>
        <source>N-best list</source>
        <translation>Danh sách N-best</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Điểm</translation>
    </message>
    <message>
        <source>log P</source>
        <translation>log P</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Kết thúc</translation>
    </message>
    <message>
        <source>Choose a model, then type.</source>
        <translation>Hãy chọn mô hình rồi gõ.</translation>
    </message>
    <message>
        <source>Type a sentence to explore its attention.</source>
        <translation>Hãy nhập một câu để khám phá attention của nó.</translation>
    </message>
    <message>
        <source>Translating…</source>
        <translation>Đang dịch…</translation>
    </message>
    <message>
        <source>Nothing to translate.</source>
        <translation>Không có gì để dịch.</translation>
    </message>
    <message>
        <source>cut at max length</source>
        <translation>bị cắt ở độ dài tối đa</translation>
    </message>
    <message>
        <source>Translated in %1 ms by %2</source>
        <translation>Đã dịch trong %1 ms bằng %2</translation>
    </message>
    <message>
        <source>%1 — p = %2</source>
        <translation>%1 — p = %2</translation>
    </message>
    <message>
        <source>Type or paste Vietnamese: a sentence or whole paragraphs… (Ctrl+Enter translates)</source>
        <translation>Gõ hoặc dán tiếng Việt: một câu hoặc cả đoạn văn… (Ctrl+Enter để dịch)</translation>
    </message>
    <message>
        <source>Sentence %1 of %2 — its pieces, coloured by probability (hover for the value); put the cursor in another Vietnamese sentence to see its own:</source>
        <translation>Câu %1 trên %2 — các mảnh của nó, tô màu theo xác suất (di chuột để xem giá trị); đặt con trỏ vào một câu tiếng Việt khác để xem của câu đó:</translation>
    </message>
    <message numerus="yes">
        <source>%n sentence(s) longer than the model takes were translated in parts; nothing was left out.</source>
        <translation>
            <numerusform>%n câu dài hơn mức mô hình nhận được đã được dịch theo từng phần; không bỏ sót gì.</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 → &lt;b&gt;%2&lt;/b&gt; (piece %3)</source>
        <translation>%1 → &lt;b&gt;%2&lt;/b&gt; (mảnh %3)</translation>
    </message>
    <message>
        <source>%1 → %2 (&lt;b&gt;not placed&lt;/b&gt;: the search reached the maximum length)</source>
        <translation>%1 → %2 (&lt;b&gt;chưa đặt được&lt;/b&gt;: việc tìm kiếm đã đạt độ dài tối đa)</translation>
    </message>
    <message>
        <source>, %1 % of its attention on “%2”</source>
        <translation>, %1 % sự chú ý của nó vào “%2”</translation>
    </message>
    <message>
        <source>Glossary: %1 (cross-attention of the last layer, mean over the heads).&lt;br&gt;Without it: “%2” (score %3; with it %4). Hover a term in the alignment below for its attention word by word.</source>
        <translation>Bảng thuật ngữ: %1 (cross-attention của lớp cuối, trung bình các đầu).&lt;br&gt;Không dùng nó: “%2” (điểm %3; khi dùng %4). Di chuột lên một thuật ngữ trong phần gióng hàng bên dưới để xem sự chú ý của nó theo từng từ.</translation>
    </message>
    <message>
        <source>Other words here…</source>
        <translation>Các từ khác ở đây…</translation>
    </message>
    <message>
        <source>Training examples: where the model was in this state</source>
        <translation>Ví dụ huấn luyện: nơi mô hình ở trạng thái này</translation>
    </message>
    <message>
        <source>Translate a file…</source>
        <translation>Dịch một tệp…</translation>
    </message>
    <message>
        <source>Translate a whole text file line for line with this model and these settings, and save the translation as a file</source>
        <translation>Dịch cả một tệp văn bản, từng dòng một, bằng mô hình và các thiết lập này, rồi lưu bản dịch thành tệp</translation>
    </message>
    <message numerus="yes">
        <source>%n line break(s) fall inside a sentence: if the text is wrapped over lines, tick Lines wrapped within paragraphs.</source>
        <translation>
            <numerusform>%n chỗ ngắt dòng nằm giữa câu: nếu văn bản bị ngắt dòng, hãy chọn Các dòng ngắt giữa đoạn văn.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Translated in %1 ms by %2 and %n more model(s), an ensemble (the attention shown is the first model&apos;s)</source>
        <translation>
            <numerusform>Đã dịch trong %1 ms bởi %2 và %n mô hình khác, một tổ hợp (chú ý được hiển thị là của mô hình đầu tiên)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2, piece %3)</source>
        <translation>%1 (%2, mảnh %3)</translation>
    </message>
    <message>
        <source>%1 (%2, &lt;b&gt;not placed&lt;/b&gt;: the search reached the maximum length)</source>
        <translation>%1 (%2, &lt;b&gt;chưa đặt&lt;/b&gt;: việc tìm kiếm đã chạm độ dài tối đa)</translation>
    </message>
    <message>
        <source>Kept as typed: %1.</source>
        <translation>Giữ nguyên như khi gõ: %1.</translation>
    </message>
    <message>
        <source>Translated freely: “%1” (score %2; with them kept %3).</source>
        <translation>Dịch tự do: “%1” (điểm %2; khi giữ chúng %3).</translation>
    </message>
    <message>
        <source>web address</source>
        <translation>địa chỉ web</translation>
    </message>
    <message>
        <source>e-mail address</source>
        <translation>địa chỉ thư điện tử</translation>
    </message>
    <message>
        <source>file path</source>
        <translation>đường dẫn tập tin</translation>
    </message>
    <message>
        <source>placeholder</source>
        <translation>chỗ giữ chỗ</translation>
    </message>
    <message>
        <source>number</source>
        <translation>con số</translation>
    </message>
    <message>
        <source>not in the model&apos;s vocabulary</source>
        <translation>không có trong bộ từ vựng của mô hình</translation>
    </message>
    <message>
        <source>Glossary: %1.</source>
        <translation>Bảng thuật ngữ: %1.</translation>
    </message>
    <message>
        <source>Learn a shortlist</source>
        <translation>Học một danh sách rút gọn</translation>
    </message>
    <message>
        <source>Add “%1” to the glossary…</source>
        <translation>Thêm “%1” vào bảng thuật ngữ…</translation>
    </message>
    <message>
        <source>on the CPU (faster than the GPU for a model this small)</source>
        <translation>trên CPU (nhanh hơn GPU với mô hình nhỏ thế này)</translation>
    </message>
    <message>
        <source>on the GPU (%1)</source>
        <translation>trên GPU (%1)</translation>
    </message>
</context>
<context>
    <name>studio::ui::TunedLensBar</name>
    <message>
        <source>self-attention</source>
        <translation>self-attention</translation>
    </message>
    <message>
        <source>cross-attention</source>
        <translation>cross-attention</translation>
    </message>
    <message>
        <source>feed-forward</source>
        <translation>feed-forward</translation>
    </message>
    <message>
        <source>Layer %1 · %2</source>
        <translation>Lớp %1 · %2</translation>
    </message>
    <message>
        <source>Read the blocks:</source>
        <translation>Đọc các khối:</translation>
    </message>
    <message>
        <source>as they are (logit lens)</source>
        <translation>như chúng vốn có (logit lens)</translation>
    </message>
    <message>
        <source>through the tuned lens</source>
        <translation>qua tuned lens</translation>
    </message>
    <message>
        <source>The tuned lens reads each block through a map learnt so that it comes as close as it can to the model&apos;s output: what the block already knows, in the form the output layer reads (Belrose et al., 2023)</source>
        <translation>Tuned lens đọc từng khối qua một ánh xạ được học sao cho nó đến gần đầu ra của mô hình nhất có thể: điều khối đó đã biết, ở dạng lớp đầu ra đọc được (Belrose và cộng sự, 2023)</translation>
    </message>
    <message>
        <source>Train a tuned lens</source>
        <translation>Huấn luyện một tuned lens</translation>
    </message>
    <message>
        <source>Learn a map a block on the run&apos;s training pairs (300 steps; about half a minute for the starter on two cores) and keep it beside the model</source>
        <translation>Học một ánh xạ cho mỗi khối trên các cặp huấn luyện của lượt chạy (300 bước; khoảng nửa phút cho mô hình starter trên hai nhân) và giữ nó bên cạnh mô hình</translation>
    </message>
    <message>
        <source>Training the tuned lens: step %1 of %2…</source>
        <translation>Đang huấn luyện tuned lens: bước %1 trên %2…</translation>
    </message>
    <message>
        <source>%1 %2 → %3</source>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <source>%1: %2 steps on %3 training pairs in %4 s%5. Divergence from the model&apos;s output on the dev pairs (nats), logit lens → tuned: %6.</source>
        <translation>%1: %2 bước trên %3 cặp huấn luyện trong %4 giây%5. Độ phân kỳ so với đầu ra của mô hình trên các cặp dev (nat), logit lens → tuned: %6.</translation>
    </message>
    <message>
        <source> (stopped early)</source>
        <translation> (dừng sớm)</translation>
    </message>
    <message>
        <source>No tuned lens trained: %1</source>
        <translation>Chưa huấn luyện được tuned lens: %1</translation>
    </message>
    <message>
        <source>Explore a sentence with a model first: a timelapse frame has no model file.</source>
        <translation>Hãy khám phá một câu với một mô hình trước: một khung của diễn biến huấn luyện không có tệp mô hình.</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Dừng</translation>
    </message>
    <message>
        <source>Training the tuned lens of %1…</source>
        <translation>Đang huấn luyện tuned lens của %1…</translation>
    </message>
    <message>
        <source>A timelapse frame holds the logit lens as recorded.</source>
        <translation>Một khung của diễn biến huấn luyện chứa logit lens như đã ghi.</translation>
    </message>
    <message>
        <source>Read through %1.</source>
        <translation>Đọc qua %1.</translation>
    </message>
    <message>
        <source>%1 is beside the model.</source>
        <translation>%1 ở bên cạnh mô hình.</translation>
    </message>
    <message>
        <source>No tuned lens beside %1 yet.</source>
        <translation>Chưa có tuned lens nào bên cạnh %1.</translation>
    </message>
</context>
</TS>
